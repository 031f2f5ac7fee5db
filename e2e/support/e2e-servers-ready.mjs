/** What e2e-servers-start.mjs prints once every journey server answers, which Playwright waits for. */
export const READY_LINE = "The journeys' servers are ready.";

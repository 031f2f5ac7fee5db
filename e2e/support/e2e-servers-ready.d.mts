/** What e2e-servers-start.mjs prints once every journey server answers, which Playwright waits for. */
export declare const READY_LINE: string;

/**
 * Contests: the running one, tickets, the committed and published draw.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { contestAdminRoutes } from "./contest-admin-routes.js";
export { drawDueContests } from "./contest-auto-draw.js";
export { contestsRoutes } from "./contests-routes.js";
export { contestRunningAt } from "./running-contest.js";
export { rewriteTickets, takeBackTicket, ticketInDrawnContest } from "./contest-tickets.js";
export { verifyPublishedDraw } from "./verify-draw-command.js";
export { seedDemoContests } from "./demo-contests.js";
export { personalData } from "./personal-data.js";
export { feature } from "./feature.js";

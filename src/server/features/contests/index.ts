/**
 * Contests: the running one, tickets, the committed and published draw.
 * Owns: contest_draw_entries, contest_prizes, contest_winners, contests (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { contestAdminRoutes } from "./contest-admin-routes.js";
export { drawDueContests, startAutomaticDraws } from "./contest-auto-draw.js";
export { contestsRoutes } from "./contests-routes.js";
export { contestRunningAt } from "./running-contest.js";
export { verifyPublishedDraw } from "./verify-draw-command.js";
export { seedDemoContests } from "./demo-contests.js";
export { personalData } from "./personal-data.js";

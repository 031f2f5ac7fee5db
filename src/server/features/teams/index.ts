/**
 * Walking teams and work teams: creating, joining (password or invite link), leaving, the team page and its challenge.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { teamsRoutes } from "./teams-routes.js";
export { leaveAllTeams } from "./teams-service.js";
export { celebrateReachedChallenges } from "./team-challenges.js";
export { personalData } from "./personal-data.js";
export { teamModeration } from "./moderated-content.js";
export { teamBoardMemberships } from "./team-boards.js";
export { feature } from "./feature.js";

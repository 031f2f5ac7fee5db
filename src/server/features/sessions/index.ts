/**
 * Who is signed in: the better-auth instance, the session cache, ending sessions.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { relayAuthResponse } from "./auth-response.js";
export { claimCallback, createAuth, type Auth } from "./auth.js";
export { passwordMatches } from "./password-check.js";
export { sessionUserId } from "./current-user.js";
export { createSessionReader, type SessionDeps, type SessionReader } from "./session-reader.js";
export { deleteSession, endSessions, listLiveSessions, setSessionCountry } from "./sessions-service.js";
export { personalData } from "./personal-data.js";
export { startSession } from "./start-session.js";
export { feature } from "./feature.js";

/*
 * What other features do to sessions: list a person's devices, sign one out,
 * end them all (a suspension, a deletion), note a session's country.
 */
export { deleteSession, endSessions, listLiveSessions, setSessionCountry } from "./sessions-repository.js";

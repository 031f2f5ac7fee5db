/**
 * PostgreSQL's unique_violation (23505), optionally for one constraint: the
 * unique indexes are the last word on races the services check for first.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== "23505") return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}

/** PostgreSQL's foreign_key_violation (23503): the row a write points at is gone (deleted by a racing request). */
export function isForeignKeyViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === "23503";
}

/** Error codes of a server that is away or going (PostgreSQL's class 08, 57P01–57P03). */
const SERVER_AWAY_SQLSTATES = new Set(["57P01", "57P02", "57P03", "08000", "08001", "08003", "08004", "08006"]);
/** Socket errors of a connection that could not be made or was cut. */
const SOCKET_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH"]);

/**
 * Whether `error` says the database could not be reached or dropped the
 * connection (a restart, a failover, a terminated backend, a crash), as
 * opposed to refusing the statement: the request may succeed when tried
 * again a moment later, so it is answered 503, not 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown; syscall?: unknown; cause?: unknown } | null;
  if (!e || typeof e !== "object") return false;
  // A failure wrapped by the code that met it (a migration that could not connect).
  if (e.cause !== undefined && e.cause !== error && isDatabaseUnavailable(e.cause)) return true;
  if (typeof e.code === "string" && (SERVER_AWAY_SQLSTATES.has(e.code) || SOCKET_ERRORS.has(e.code))) return true;
  // The embedded server's socket file is gone while it restarts (a missing file elsewhere is not this).
  if (e.code === "ENOENT" && e.syscall === "connect") return true;
  const message = typeof e.message === "string" ? e.message : "";
  // pg's own errors carry no code: a connection ended under a query, or no connection in time.
  return /^Connection terminated|^timeout exceeded when trying to connect|^Client has encountered a connection error|Connection terminated due to connection timeout/.test(
    message,
  );
}

/**
 * Whether `error` is a full disk: PostgreSQL's disk_full (53100: it could not
 * extend a table or write its log) or the file system's ENOSPC/EDQUOT.
 */
export function isDiskFull(error: unknown): boolean {
  const e = error as { code?: unknown } | null;
  return !!e && typeof e === "object" && (e.code === "53100" || e.code === "ENOSPC" || e.code === "EDQUOT");
}

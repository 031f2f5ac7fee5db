/**
 * PostgreSQL's unique_violation (23505), optionally for one constraint: the
 * unique indexes are the last word on races the services check for first.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== "23505") return false;
  return !constraint || e.constraint === constraint || Boolean(e.message?.includes(constraint));
}

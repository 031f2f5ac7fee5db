import type { Kysely } from "kysely";
import type { DB } from "./db/schema.js";
import { runSurveyCalendar } from "./features/compliance/survey-admin-service.js";
import type { Mailer } from "./features/mail/mailer.js";
import { pruneMailLog } from "./features/mail/mail-log.js";
import { purgeExpiredCounters } from "./features/rate-limit/rate-limiter.js";
import { pruneRefusals } from "./features/rate-limit/refusal-log.js";

/**
 * The database's periodic tidying, run by each server process now and then
 * (never on the way to serving): expired rate-limit counters, and the admin
 * panel's mail log and refusal counts beyond what it keeps.
 */
export async function tidyUp(db: Kysely<DB>, now = new Date()): Promise<void> {
  await Promise.all([purgeExpiredCounters(db), pruneMailLog(db, now), pruneRefusals(db, now)]);
}

/**
 * Tidies up soon after start and every hour after, and runs the survey
 * calendar (reminders, closing finished periods); returns the stop.
 */
export function startHousekeeping(deps: { db: Kysely<DB>; mailer: Mailer; appUrl: string }, everyMs = 60 * 60 * 1000): () => void {
  const run = () => {
    void tidyUp(deps.db).catch(() => undefined);
    void runSurveyCalendar(deps).catch(() => undefined);
  };
  const first = setTimeout(run, 10_000);
  const timer = setInterval(run, everyMs);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

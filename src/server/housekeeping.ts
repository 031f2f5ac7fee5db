import type { Kysely } from "kysely";
import type { DB } from "./platform/db/schema.js";
import { runAnomalyDigest } from "./features/anomalies/index.js";
import { runSurveyCalendar } from "./features/workplace/index.js";
import type { Notifier } from "./features/notifications/index.js";
import type { Mailer } from "./platform/mail/mailer.js";
import { pruneMailLog } from "./platform/mail/mail-log.js";
import { purgeExpiredCounters } from "./platform/rate-limit/rate-limiter.js";
import { pruneRefusals } from "./platform/rate-limit/refusal-log.js";
import { purgeDueAccounts } from "./features/privacy/index.js";
import { PERSONAL_DATA } from "./personal-data.js";
import { removeExpiredExports } from "./features/privacy/index.js";
import { pruneOutbox } from "./platform/dev-outbox/dev-outbox-repository.js";
import type { FileStorage } from "./platform/storage/file-storage.js";
import { purgeExpiredShortLinks } from "./platform/mail/short-links.js";

/**
 * The database's periodic tidying, run by each server process now and then
 * (never on the way to serving): expired rate-limit counters, and the admin
 * panel's mail log and refusal counts beyond what it keeps, and what each
 * owner of personal data keeps only for a while (personal-data.ts).
 */
export async function tidyUp(db: Kysely<DB>, now = new Date()): Promise<void> {
  await Promise.all([
    purgeExpiredCounters(db),
    pruneMailLog(db, now),
    pruneRefusals(db, now),
    pruneOutbox(db, now),
    ...PERSONAL_DATA.map((owner) => owner.forgetExpired?.(db, now)),
    purgeExpiredShortLinks(db, now),
  ]);
}

/**
 * Tidies up soon after start and every hour after (retention periods
 * included), runs the survey calendar (reminders, closing finished periods)
 * purges the accounts whose deletion date has come and, once a day, sends
 * the official account the digest of unusual scan patterns; returns the stop.
 */
export function startHousekeeping(
  deps: { db: Kysely<DB>; mailer: Mailer; notifier: Notifier; appUrl: string; storage: FileStorage; log: (line: string) => void },
  everyMs = 60 * 60 * 1000,
): () => void {
  const failed = (what: string) => (error: unknown) =>
    deps.log(`housekeeping: ${what} failed: ${error instanceof Error ? error.message : String(error)}`);
  const run = () => {
    void tidyUp(deps.db).catch(failed("tidying up"));
    void runSurveyCalendar(deps).catch(failed("the survey calendar"));
    // Accounts asked to be deleted lose their personal data on their date (30 days after asking).
    void purgeDueAccounts({ ...deps, personalData: PERSONAL_DATA }).catch(failed("the account purge"));
    void removeExpiredExports(deps).catch(failed("removing expired data archives"));
    // Once a day: yesterday's unusual scan patterns, flagged and mailed to the official account.
    void runAnomalyDigest(deps).catch(failed("the anomaly digest"));
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

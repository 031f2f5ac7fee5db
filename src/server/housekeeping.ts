import type { Kysely } from "kysely";
import type { DB } from "./platform/db/schema.js";
import type { Job } from "./platform/feature.js";
import { HOURLY } from "./platform/jobs/repeating-job.js";
import { pruneMailLog } from "./platform/mail/mail-log.js";
import { purgeExpiredCounters } from "./platform/rate-limit/rate-limiter.js";
import { pruneRefusals } from "./platform/rate-limit/refusal-log.js";
import { PERSONAL_DATA } from "./personal-data.js";
import { pruneOutbox } from "./platform/dev-outbox/dev-outbox-repository.js";
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

/** Tidies up soon after start and every hour after (retention periods included). */
export const tidyingJob = (db: Kysely<DB>): Job => ({ name: "housekeeping: tidying up", ...HOURLY, run: () => tidyUp(db) });

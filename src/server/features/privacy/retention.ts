import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { KNOWN_DEVICE_DAYS } from "../../../shared/constants.js";

/**
 * How long Kindly keeps what it only needs for a while: the privacy page
 * states the same periods (pages.*.privacy.retention), and the housekeeping
 * job applies them every hour.
 */
export const RETENTION = {
  /** Sessions (with the IP address and browser they were opened from): until they expire, 30 days at most. */
  expiredSessionsDays: 0,
  /** Confirmation and reset tokens: until they expire (24 hours and 1 hour). */
  expiredTokensDays: 0,
  /** The development outbox (never used in production): 7 days. */
  devOutboxDays: 7,
  /** Devices an account signed in from (a hash, for new-device notices): a year after their last use. */
  knownDevicesDays: KNOWN_DEVICE_DAYS,
} as const;

export async function purgeExpiredPersonalData(db: Kysely<DB>, now: Date): Promise<void> {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  await db.deleteFrom("sessions").where("expires_at", "<", before(RETENTION.expiredSessionsDays)).execute();
  await db.deleteFrom("verifications").where("expires_at", "<", before(RETENTION.expiredTokensDays)).execute();
  await db.deleteFrom("email_recovery_tokens").where("expires_at", "<", before(RETENTION.expiredTokensDays)).execute();
  await db.deleteFrom("dev_outbox").where("created_at", "<", before(RETENTION.devOutboxDays)).execute();
  await db.deleteFrom("known_devices").where("last_seen_at", "<", before(RETENTION.knownDevicesDays)).execute();
}

import { isoMoment, type PersonalData } from "../../platform/personal-data.js";
import { purgeStalePendingScans } from "./pending-scan-service.js";
import { purgeOldScanReplays } from "./scan-service.js";
import { publishedOrganizations } from "../organizations/read-models.js";

/**
 * The person's acts, voided acts, achievements and contest tickets. The acts
 * stay when the account goes (the counter, the boards and others' ranks count
 * them), anonymous: their positions and a card stop's place are wiped.
 */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "acts",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("acts as a")
            .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "a.organization_id")
            .select([
              "a.act_number",
              "a.scanned_at",
              "a.scan_day",
              "o.name",
              "a.card_type",
              "a.rarity",
              "a.country",
              "a.latitude",
              "a.longitude",
              "a.place_name",
            ])
            .where("a.user_id", "=", userId)
            .orderBy("a.scanned_at")
            .execute()
        ).map((row) => ({
          act_number: row.act_number,
          recorded_at: isoMoment(row.scanned_at),
          day: row.scan_day,
          organisation: row.name,
          card_type: row.card_type,
          rarity: row.rarity,
          country: row.country,
          latitude: row.latitude,
          longitude: row.longitude,
          card_stop_place: row.place_name,
        })),
    },
    {
      // Acts the official account voided after reviewing unusual scans: no longer counted, kept with the reason.
      name: "voided-acts",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("voided_acts as v")
            .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "v.organization_id")
            .select(["v.act_number", "v.scanned_at", "o.name", "v.card_type", "v.latitude", "v.longitude", "v.reason", "v.voided_at"])
            .where("v.user_id", "=", userId)
            .orderBy("v.scanned_at")
            .execute()
        ).map((row) => ({
          act_number: row.act_number,
          recorded_at: isoMoment(row.scanned_at),
          organisation: row.name,
          card_type: row.card_type,
          latitude: row.latitude,
          longitude: row.longitude,
          reason: row.reason,
          voided_at: isoMoment(row.voided_at),
        })),
    },
    {
      name: "achievements",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("user_achievements")
            .select(["achievement_id", "earned_at"])
            .where("user_id", "=", userId)
            .orderBy("earned_at")
            .execute()
        ).map((row) => ({ achievement: row.achievement_id, earned_at: isoMoment(row.earned_at) })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("pending_scans").where("claimed_by", "=", person).execute();
    await trx.deleteFrom("scan_replays").where("user_id", "=", person).execute();
    await trx
      .updateTable("acts")
      .set({ latitude: null, longitude: null, client_timestamp: null, place_name: null })
      .where("user_id", "=", person)
      .execute();
    // Voided acts keep their numbers (the counter counts them), no longer anyone's.
    await trx.updateTable("voided_acts").set({ user_id: null, latitude: null, longitude: null }).where("user_id", "=", person).execute();
  },
  // Pending scans a week past their expiry, answers kept for retries once their day is over.
  forgetExpired: async (db, now) => {
    await purgeStalePendingScans(db, now);
    await purgeOldScanReplays(db, now);
  },
};

import { isoMoment, type PersonalData } from "../../platform/personal-data.js";

/** The reports the person made. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "reports-made",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("content_reports")
            .select(["content_type", "content_id", "reason", "details", "created_at", "resolved_at"])
            .where("reporter_id", "=", userId)
            .orderBy("created_at")
            .execute()
        ).map((row) => ({
          reported: row.content_type,
          reported_id: row.content_id,
          reason: row.reason,
          details: row.details,
          reported_at: isoMoment(row.created_at),
          resolved_at: isoMoment(row.resolved_at),
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("content_reports").where("reporter_id", "=", person).execute();
  },
};

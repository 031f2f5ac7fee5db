import { isoMoment, localizedColumns, type PersonalData } from "../../platform/personal-data.js";

/** Draw entries and wins. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "contest-wins",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("contest_winners as w")
            .innerJoin("contests as c", "c.id", "w.contest_id")
            .select(["c.name", "w.prize_position", "w.emailed_at"])
            .where("w.user_id", "=", userId)
            .execute()
        ).map((row) => ({
          ...localizedColumns("contest", row.name),
          prize_position: row.prize_position,
          told_at: isoMoment(row.emailed_at),
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("contest_draw_entries").where("user_id", "=", person).execute();
    await trx.deleteFrom("contest_winners").where("user_id", "=", person).execute();
  },
};

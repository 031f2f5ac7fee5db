import { isoMoment, localizedColumns, type PersonalData } from "../../platform/personal-data.js";

/** Tickets, draw entries and wins. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "contest-tickets",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("contest_entries as e")
            .innerJoin("contests as c", "c.id", "e.contest_id")
            .select(["c.name", "e.tickets", "e.updated_at"])
            .where("e.user_id", "=", userId)
            .orderBy("e.updated_at")
            .execute()
        ).map((row) => ({ ...localizedColumns("contest", row.name), tickets: row.tickets, last_ticket_at: isoMoment(row.updated_at) })),
    },
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
    await trx.deleteFrom("contest_entries").where("user_id", "=", person).execute();
    await trx.deleteFrom("contest_draw_entries").where("user_id", "=", person).execute();
    await trx.deleteFrom("contest_winners").where("user_id", "=", person).execute();
  },
};

import { isoMoment, type PersonalData } from "../../platform/personal-data.js";
import { people } from "../users/read-models.js";
import { publishedActs } from "../scan/read-models.js";

/** Thanks the person sent, and the thanks others sent them (their words, and a name only where its writer gave it). */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "thanks-sent",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("thanks as t")
            .innerJoin(publishedActs.from(db).as("a"), "a.id", "t.act_id")
            .select(["t.id", "t.message", "t.show_username", "t.created_at", "t.hidden_at", "a.act_number"])
            .where("t.user_id", "=", userId)
            .orderBy("t.created_at")
            .execute()
        ).map((row) => ({
          id: row.id,
          act_number: row.act_number,
          message: row.message,
          named_yourself: row.show_username,
          sent_at: isoMoment(row.created_at),
          hidden_at: isoMoment(row.hidden_at),
        })),
    },
    {
      // Thanks others sent this person: their words, and their name only where they chose to give it.
      name: "thanks-received",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("thanks as t")
            .innerJoin(people.from(db).as("u"), "u.id", "t.user_id")
            .select(["t.id", "t.message", "t.show_username", "u.username", "t.created_at", "t.hidden_at"])
            .where("t.giver_id", "=", userId)
            .orderBy("t.created_at")
            .execute()
        ).map((row) => ({
          id: row.id,
          message: row.hidden_at ? "" : row.message,
          from: row.show_username ? row.username : null,
          received_at: isoMoment(row.created_at),
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("thanks").where("user_id", "=", person).execute();
    await trx.deleteFrom("thanks").where("giver_id", "=", person).execute();
  },
};

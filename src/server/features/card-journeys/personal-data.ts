import { isoMoment, type PersonalData } from "../../platform/personal-data.js";
import { publishedCardSeries } from "../organizations/read-models.js";
import { listAllNews } from "./card-journeys-repository.js";

/** Cards the person silenced, and the news of their cards' travels (waiting for an email, and shown in the app). */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "cards-silenced",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("card_mutes as m")
            .innerJoin(publishedCardSeries.from(db).as("s"), "s.id", "m.card_series_id")
            .select(["s.name", "m.card_number", "m.created_at"])
            .where("m.user_id", "=", userId)
            .execute()
        ).map((row) => ({ card: row.name, card_number: row.card_number, since: isoMoment(row.created_at) })),
    },
    {
      name: "card-news-waiting",
      read: async (db, userId) =>
        (await db.selectFrom("pending_travel_news").select(["travel", "created_at"]).where("user_id", "=", userId).execute()).map(
          (row) => ({
            card: row.travel.cardName,
            organization: row.travel.organizationName,
            people: row.travel.people,
            city: row.travel.city,
            at: isoMoment(row.created_at),
          }),
        ),
    },
    {
      name: "card-news",
      read: async (db, userId) =>
        (await listAllNews(db, userId)).map((row) => ({
          card: row.data.cardName,
          organization: row.data.organizationName,
          people: row.data.people,
          city: row.data.city,
          at: isoMoment(row.created_at),
          read_at: row.read_at === null ? null : isoMoment(row.read_at),
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("pending_travel_news").where("user_id", "=", person).execute();
    await trx.deleteFrom("travel_email_days").where("user_id", "=", person).execute();
    await trx.deleteFrom("card_mutes").where("user_id", "=", person).execute();
    await trx.deleteFrom("travel_news").where("user_id", "=", person).execute();
  },
};

import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { insertContest } from "./contests-repository.js";

const DAY_MS = 86_400_000;

/**
 * The demo's contests (the `seed(demo)` side of this feature): one running
 * for a week already, one starting in six weeks, with prizes in both
 * languages. Written directly: no request to check.
 */
export async function seedDemoContests(db: Kysely<DB>, now: Date): Promise<void> {
  const contests = [
    {
      name: JSON.stringify({ en: "Kindness Cup", fr: "Coupe de la bienveillance" }),
      starts_at: new Date(now.getTime() - 7 * DAY_MS),
      ends_at: new Date(now.getTime() + 30 * DAY_MS),
    },
    {
      name: JSON.stringify({ en: "Spring Kindness Draw", fr: "Tirage bienveillant du printemps" }),
      starts_at: new Date(now.getTime() + 45 * DAY_MS),
      ends_at: new Date(now.getTime() + 90 * DAY_MS),
    },
  ];
  for (const contest of contests) {
    await insertContest(db, contest, [
      {
        category: JSON.stringify({ en: "Grand prize", fr: "Grand prix" }),
        prize: JSON.stringify({ en: "A weekend for two in the Laurentians", fr: "Une fin de semaine pour deux dans les Laurentides" }),
      },
      {
        category: JSON.stringify({ en: "Local favourites", fr: "Coups de cœur locaux" }),
        prize: JSON.stringify({
          en: "Five $50 gift cards from partner shops",
          fr: "Cinq cartes-cadeaux de 50 $ chez nos commerces partenaires",
        }),
      },
      {
        category: JSON.stringify({ en: "Give back", fr: "Redonner" }),
        prize: JSON.stringify({
          en: "A $250 donation to the non-profit of your choice",
          fr: "Un don de 250 $ à la cause de votre choix",
        }),
      },
    ]);
  }
}

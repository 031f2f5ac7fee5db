import type { Kysely } from "kysely";
import type { Language } from "../../../shared/constants.js";
import type { ContestsOverview, ContestView } from "../../../shared/schemas/stats.js";
import type { DB } from "../../db/schema.js";
import { findCurrentOrNextContest, readPrizes, ticketsIn, totalTickets } from "./contests-repository.js";
import { contestStatus } from "./running-contest.js";

/** The contest running at `now`, else the next one, in the visitor's language; with their tickets when signed in. */
export async function contestsOverview(
  db: Kysely<DB>,
  input: { userId: string | null; language: Language; now: Date },
): Promise<ContestsOverview> {
  const { userId, language, now } = input;
  const contest = await findCurrentOrNextContest(db, now);
  if (!contest) {
    return { contest: null, myTickets: null, myTotalTickets: userId ? await totalTickets(db, userId) : null };
  }
  const prizes = await readPrizes(db, contest.id);
  const startsAt = new Date(contest.starts_at);
  const endsAt = new Date(contest.ends_at);
  const inLanguage = (en: string, fr: string) => (language === "fr" ? fr : en);
  const view: ContestView = {
    id: contest.id,
    name: inLanguage(contest.name_en, contest.name_fr),
    description: inLanguage(contest.description_en, contest.description_fr),
    seedHash: contest.seed_hash,
    status: contestStatus(startsAt, endsAt, now),
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    prizes: prizes.map((prize) => ({
      category: inLanguage(prize.category_en, prize.category_fr),
      prize: inLanguage(prize.prize_en, prize.prize_fr),
      quantity: prize.quantity,
    })),
  };
  if (!userId) return { contest: view, myTickets: null, myTotalTickets: null };
  const [myTickets, myTotalTickets] = await Promise.all([ticketsIn(db, contest.id, userId), totalTickets(db, userId)]);
  return { contest: view, myTickets, myTotalTickets };
}

import type { Kysely, Selectable } from "kysely";
import type { Language } from "../../../shared/i18n/languages.js";
import { inLanguage } from "../../../shared/i18n/localized-text.js";
import type { ContestView } from "../../../shared/schemas/contests.js";
import type { ContestsOverview } from "../../../shared/schemas/stats.js";
import type { ContestPrizesTable, ContestsTable, DB } from "../../platform/db/schema.js";
import { findComingContests, readPrizes, ticketsIn, totalTickets } from "./contests-repository.js";

/** A contest and its prizes as the public sees them, in `language` (the contests page and the draw page). */
export function contestView(
  contest: Selectable<ContestsTable> & { status: ContestView["status"] },
  prizes: Selectable<ContestPrizesTable>[],
  language: Language,
): ContestView {
  const startsAt = new Date(contest.starts_at);
  const endsAt = new Date(contest.ends_at);
  return {
    id: contest.id,
    name: inLanguage(contest.name, language),
    description: inLanguage(contest.description, language),
    seedHash: contest.seed_hash,
    status: contest.status,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    prizes: prizes.map((prize) => ({
      category: inLanguage(prize.category, language),
      prize: inLanguage(prize.prize, language),
      quantity: prize.quantity,
    })),
  };
}

/** The contest running at `now`, else the next one, in the visitor's language; with their tickets when signed in. */
export async function contestsOverview(
  db: Kysely<DB>,
  input: { userId: string | null; language: Language; now: Date },
): Promise<ContestsOverview> {
  const { userId, language, now } = input;
  // The running contest (or else the next), and the one after it when it has not started: the spec's upcoming card.
  const [contest, following] = await findComingContests(db, now, 2);
  const next = following?.status === "upcoming" ? following : undefined;
  const upcoming = next ? contestView(next, await readPrizes(db, next.id), language) : null;
  if (!contest) {
    return { contest: null, upcoming: null, myTickets: null, myTotalTickets: userId ? await totalTickets(db, userId) : null };
  }
  const view = contestView(contest, await readPrizes(db, contest.id), language);
  if (!userId) return { contest: view, upcoming, myTickets: null, myTotalTickets: null };
  const [myTickets, myTotalTickets] = await Promise.all([ticketsIn(db, contest.id, userId), totalTickets(db, userId)]);
  return { contest: view, upcoming, myTickets, myTotalTickets };
}

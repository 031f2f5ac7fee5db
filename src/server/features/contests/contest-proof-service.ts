import type { Kysely } from "kysely";
import { inLanguage } from "../../../shared/i18n/localized-text.js";
import type { Language } from "../../../shared/constants.js";
import type { ContestProof } from "../../../shared/schemas/contests.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { prizeSlots } from "./contest-admin-service.js";
import { readDrawEntries, readWinners } from "./contest-draw-repository.js";
import { findContest, listEndedContests, readPrizes, ticketsIn } from "./contests-repository.js";
import { entrantCode } from "./entrant-code.js";
import { contestView } from "./contests-service.js";

/** What anyone may see of a contest's draw (the seed only once drawn). */
export async function contestProof(
  db: Kysely<DB>,
  contestId: string,
  viewer: { userId: string | null; language: Language },
  now = new Date(),
): Promise<ContestProof> {
  const contest = await findContest(db, contestId, now);
  if (!contest) throw new AppError("not_found");
  const drawn = contest.drawn_at !== null;
  const [prizes, entries, winners, myTickets] = await Promise.all([
    readPrizes(db, contestId),
    drawn ? readDrawEntries(db, contestId) : Promise.resolve([]),
    drawn ? readWinners(db, [contestId]) : Promise.resolve([]),
    viewer.userId ? ticketsIn(db, contestId, viewer.userId) : Promise.resolve(0),
  ]);
  const prizeName = (position: number) => {
    const prize = prizes.find((p) => p.position === position);
    return prize ? inLanguage(prize.prize, viewer.language) : "";
  };
  return {
    ...contestView(contest, prizes, viewer.language),
    slots: prizeSlots(prizes).length,
    drawnAt: drawn ? new Date(contest.drawn_at!).toISOString() : null,
    seed: drawn ? contest.seed : null,
    ticketDigest: contest.ticket_digest,
    entries: entries.map((entry) => ({ entrant: entry.entrant, tickets: entry.tickets })),
    winners: winners.map((winner) => ({ drawOrder: winner.draw_order, entrant: winner.entrant, prize: prizeName(winner.prize_position) })),
    mine: viewer.userId && myTickets > 0 ? { entrant: entrantCode(contestId, viewer.userId), tickets: myTickets } : null,
  };
}

/** Contests that have ended, newest first, for the contests page's history. */
export async function pastContests(db: Kysely<DB>, language: Language, now = new Date()) {
  const rows = await listEndedContests(db, now, 20);
  return rows.map((row) => ({
    id: row.id,
    name: inLanguage(row.name, language),
    status: "completed" as const,
    startsAt: new Date(row.starts_at).toISOString(),
    endsAt: new Date(row.ends_at).toISOString(),
    drawnAt: row.drawn_at ? new Date(row.drawn_at).toISOString() : null,
  }));
}

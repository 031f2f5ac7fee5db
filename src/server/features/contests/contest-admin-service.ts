import { EMAILS } from "./emails.js";
import type { Kysely } from "kysely";
import { languageFromTag } from "../../../shared/i18n/languages.js";
import { completeLocalized, inLanguage } from "../../../shared/i18n/localized-text.js";
import type { z } from "zod/mini";
import { drawWinners, ticketDigest } from "../../../shared/contests/draw.js";
import type { AdminContest, contestInputSchema } from "../../../shared/schemas/admin.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import * as draws from "./contest-draw-repository.js";
import * as repo from "./contests-repository.js";
import { entrantCode } from "./entrant-code.js";
import { contestResultsNotice } from "./contest-results-notice.js";
import type { Notifier } from "../../platform/notify/notifier.js";

type ContestInput = z.output<typeof contestInputSchema>;

/** Winners are contacted within 48 hours of the draw (docs/spec/participant.md, Contests). */
export const CONTACT_WITHIN_MS = 48 * 3_600_000;

const prizeRows = (input: ContestInput): repo.NewPrize[] =>
  input.prizes.map((prize) => ({
    category: JSON.stringify(prize.category),
    prize: JSON.stringify(prize.name),
    quantity: prize.quantity,
  }));

const texts = (input: ContestInput) => ({
  name: JSON.stringify(input.name),
  description: JSON.stringify(input.description),
});

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * Tickets are given to acts inside a contest's period as they happen
 * (docs/design.md §3), so a period may never take in a moment already past:
 * a start in the past means "now", and once running, the end can move to
 * now at the earliest ("end now"), never back over acts already ticketed.
 */
function datesFor(input: ContestInput, now: Date, existing?: { starts_at: Date; ends_at: Date; status: AdminContest["status"] }) {
  const requestedStart = new Date(input.startsAt);
  const requestedEnd = new Date(input.endsAt);
  if (!existing || existing.status === "upcoming") {
    const startsAt = later(requestedStart, now);
    if (requestedEnd <= startsAt) throw new AppError("invalid_input", { field: "endsAt", messageKey: "adminValidation.contestDates" });
    return { starts_at: startsAt, ends_at: requestedEnd };
  }
  const startsAt = new Date(existing.starts_at);
  if (requestedStart.getTime() !== startsAt.getTime()) {
    throw new AppError("invalid_input", { field: "startsAt", messageKey: "adminValidation.startLocked" });
  }
  if (existing.status === "completed") {
    if (requestedEnd.getTime() !== new Date(existing.ends_at).getTime()) {
      throw new AppError("invalid_input", { field: "endsAt", messageKey: "adminValidation.endLocked" });
    }
    return { starts_at: startsAt, ends_at: new Date(existing.ends_at) };
  }
  return { starts_at: startsAt, ends_at: later(requestedEnd, now) };
}

export async function createContest(db: Kysely<DB>, input: ContestInput, now = new Date()): Promise<{ id: string }> {
  const id = await db
    .transaction()
    .execute((trx) => repo.insertContest(trx, { ...texts(input), ...datesFor(input, now) }, prizeRows(input)));
  return { id };
}

export async function updateContest(db: Kysely<DB>, contestId: string, input: ContestInput, now = new Date()): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const contest = await repo.lockContest(trx, contestId, now);
    if (!contest) throw new AppError("not_found");
    if (contest.drawn_at) throw new AppError("contest_already_drawn");
    await repo.updateContest(trx, contestId, { ...texts(input), ...datesFor(input, now, contest) });
    await repo.replacePrizes(trx, contestId, prizeRows(input));
  });
}

export async function listContests(db: Kysely<DB>, now = new Date()): Promise<AdminContest[]> {
  const contests = await repo.listContests(db, now);
  const ids = contests.map((contest) => contest.id);
  const [prizes, totals, winners] = await Promise.all([repo.readPrizesOf(db, ids), repo.entryTotals(db, ids), draws.readWinners(db, ids)]);
  return contests.map((contest) => {
    const own = prizes.filter((prize) => prize.contest_id === contest.id);
    return {
      id: contest.id,
      name: completeLocalized(contest.name),
      description: completeLocalized(contest.description),
      startsAt: new Date(contest.starts_at).toISOString(),
      endsAt: new Date(contest.ends_at).toISOString(),
      status: contest.status,
      prizes: own.map((prize) => ({
        category: completeLocalized(prize.category),
        name: completeLocalized(prize.prize),
        quantity: prize.quantity,
      })),
      entrants: totals.get(contest.id)?.entrants ?? 0,
      tickets: totals.get(contest.id)?.tickets ?? 0,
      seedHash: contest.seed_hash,
      drawnAt: contest.drawn_at ? new Date(contest.drawn_at).toISOString() : null,
      winners: winners
        .filter((winner) => winner.contest_id === contest.id)
        .map((winner) => {
          const prize = own.find((p) => p.position === winner.prize_position);
          return {
            drawOrder: winner.draw_order,
            entrant: winner.entrant,
            prize: completeLocalized(prize?.prize ?? {}),
            username: winner.username,
            email: winner.email,
            emailedAt: winner.emailed_at ? new Date(winner.emailed_at).toISOString() : null,
            emailFailedAt: winner.email_failed_at ? new Date(winner.email_failed_at).toISOString() : null,
            contactedAt: winner.contacted_at ? new Date(winner.contacted_at).toISOString() : null,
            contactBy: new Date(new Date(contest.drawn_at!).getTime() + CONTACT_WITHIN_MS).toISOString(),
          };
        }),
    };
  });
}

/** Prizes in their order, each repeated once per winner it has: draw i wins slot i. */
export function prizeSlots(prizes: { position: number; quantity: number }[]): number[] {
  return [...prizes]
    .sort((a, b) => a.position - b.position)
    .flatMap((prize) => Array.from({ length: prize.quantity }, () => prize.position));
}

/**
 * Draws a completed contest's winners once (shared/contests/draw.ts): under
 * the contest's lock, freezes its ticket list, draws from the seed committed
 * at creation, and publishes seed and list digest with the winners. Winners
 * are then mailed in their language; each mail's outcome is kept for the panel.
 */
export async function drawContest(
  deps: { db: Kysely<DB>; mailer: Mailer; notifier: Notifier; appUrl: string; graceMs: number },
  contestId: string,
  now = new Date(),
): Promise<void> {
  const drawn = await deps.db.transaction().execute(async (trx) => {
    const contest = await repo.lockContest(trx, contestId, now);
    if (!contest) throw new AppError("not_found");
    if (contest.drawn_at) throw new AppError("contest_already_drawn");
    // A scan that began just before the end gets a moment to commit its ticket.
    if (now.getTime() < new Date(contest.ends_at).getTime() + deps.graceMs) throw new AppError("contest_not_ended");
    const entries = (await draws.readEntries(trx, contestId)).map((entry) => ({
      entrant: entrantCode(contestId, entry.user_id),
      userId: entry.user_id,
      tickets: entry.tickets,
    }));
    const prizes = await repo.readPrizes(trx, contestId);
    const slots = prizeSlots(prizes);
    const winners = await drawWinners({ seed: contest.seed, entries, slots: slots.length });
    const byEntrant = new Map(entries.map((entry) => [entry.entrant, entry.userId]));
    const saved = winners.map((winner) => ({
      drawOrder: winner.drawOrder,
      entrant: winner.entrant,
      userId: byEntrant.get(winner.entrant)!,
      prizePosition: slots[winner.slot]!,
    }));
    await draws.saveDraw(trx, contestId, { at: now, digest: await ticketDigest(entries), entries, winners: saved });
    return { contest, entrants: entries.map((entry) => entry.userId), winners: new Set(saved.map((winner) => winner.userId)) };
  });
  await mailWinners(deps, contestId);
  // Every entrant hears the results on the channels they chose; the prize email above goes to winners whatever they chose.
  deps.notifier.notifyInBackground(
    drawn.entrants.map((userId) => ({
      userId,
      notice: contestResultsNotice({ id: contestId, name: drawn.contest.name, won: drawn.winners.has(userId) }),
    })),
  );
}

/** Mails every winner not mailed yet (after the draw, and again from the panel after a failure). */
export async function mailWinners(deps: { db: Kysely<DB>; mailer: Mailer; appUrl: string }, contestId: string): Promise<void> {
  const contest = await repo.findContest(deps.db, contestId, new Date());
  if (!contest) throw new AppError("not_found");
  if (!contest.drawn_at) throw new AppError("contest_not_ended");
  const [prizes, winners] = await Promise.all([repo.readPrizes(deps.db, contestId), draws.readWinners(deps.db, [contestId])]);
  for (const winner of winners) {
    if (winner.emailed_at || !winner.email) continue;
    const language = languageFromTag(winner.language_preference);
    const prize = prizes.find((p) => p.position === winner.prize_position);
    const message = accountEmail(
      EMAILS.contestWinner,
      language,
      winner.email,
      {
        username: winner.username ?? "",
        contest: inLanguage(contest.name, language),
        prize: prize ? inLanguage(prize.prize, language) : "",
      },
      `${deps.appUrl}/contests/${contestId}/draw`,
    );
    let ok = true;
    try {
      await deps.mailer.send(message);
    } catch {
      ok = false;
    }
    await draws.markWinnerMailed(deps.db, contestId, winner.draw_order, ok);
  }
}

export async function setContacted(
  db: Kysely<DB>,
  actorId: string,
  contestId: string,
  drawOrder: number,
  contacted: boolean,
): Promise<void> {
  if (!(await draws.markWinnerContacted(db, contestId, drawOrder, actorId, contacted))) throw new AppError("not_found");
}

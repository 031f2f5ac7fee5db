import { sql, type RawBuilder, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { contestRunningAt } from "./running-contest.js";

/*
 * The tickets are this feature's: each act gives its person one in every
 * contest running when it was made (contest_give_tickets, given in the
 * act's own statement: sql/contest-tickets.ts). The acts engine asks here
 * for what else an act's life does to them: a void takes the ticket back,
 * unless the contest is drawn; its check and repair (`kindly verify`) put
 * the counts back to what the acts say.
 */

/** Whether an act made at `at` gave a ticket in a contest whose winners are drawn (its list is published, frozen). */
export async function ticketInDrawnContest(trx: Transaction<DB>, at: Date): Promise<boolean> {
  const row = await trx
    .selectFrom("contests as c")
    .select("c.id")
    .where("c.drawn_at", "is not", null)
    .where(contestRunningAt("c", at))
    .executeTakeFirst();
  return Boolean(row);
}

/** An act voided: the ticket it gave its person in every contest running when it was made, taken back. */
export async function takeBackTicket(trx: Transaction<DB>, userId: string, at: Date): Promise<void> {
  await sql`
    update contest_entries e set tickets = tickets - 1, updated_at = now()
    from contests c
    where e.contest_id = c.id and e.user_id = ${userId} and ${contestRunningAt("c", at)}`.execute(trx);
}

/**
 * Puts tickets back to what the acts count (the engine's repair): the rows of
 * `keys` (contest_id, user_id), or every row when null, replaced by
 * `recounted`'s (contest_id, user_id, tickets).
 */
export async function rewriteTickets(
  trx: Transaction<DB>,
  change: { keys: RawBuilder<unknown> | null; recounted: RawBuilder<unknown> },
): Promise<void> {
  if (change.keys === null) await sql`delete from contest_entries`.execute(trx);
  else {
    await sql`
      delete from contest_entries t using (${change.keys}) k
      where t.contest_id = k.contest_id and t.user_id = k.user_id`.execute(trx);
  }
  await sql`
    insert into contest_entries (contest_id, user_id, tickets)
    select contest_id, user_id, tickets from (${change.recounted}) r`.execute(trx);
}

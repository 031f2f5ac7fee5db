import type { Kysely, Transaction } from "kysely";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB } from "../../platform/db/schema.js";

/** How long a scan's answer is kept for a retry of the same tap. */
export const REPLAY_HOURS = 24;

/** Keeps recorded scans' answers under their idempotency keys, in the acts' own transaction. */
export async function keepReplays(
  trx: Transaction<DB>,
  replays: { userId: string; key: string; fingerprint: string; answer: ScanSuccess }[],
): Promise<void> {
  if (replays.length === 0) return;
  await trx
    .insertInto("scan_replays")
    .values(
      replays.map((r) => ({
        user_id: r.userId,
        idempotency_key: r.key,
        request_hash: r.fingerprint,
        act_id: r.answer.actId,
        answer: JSON.stringify(r.answer),
      })),
    )
    .execute();
}

/** The answer a scan of this person under this key got, and its request's fingerprint, within REPLAY_HOURS; null when there is none. */
export async function findReplay(
  db: Kysely<DB>,
  userId: string,
  key: string,
  now = new Date(),
): Promise<{ answer: ScanSuccess; fingerprint: string | null } | null> {
  const row = await db
    .selectFrom("scan_replays")
    .select(["answer", "request_hash"])
    .where("user_id", "=", userId)
    .where("idempotency_key", "=", key)
    .where("created_at", ">", new Date(now.getTime() - REPLAY_HOURS * 3_600_000))
    .executeTakeFirst();
  return row ? { answer: row.answer, fingerprint: row.request_hash } : null;
}

export async function deleteReplaysBefore(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom("scan_replays").where("created_at", "<", before).execute();
}

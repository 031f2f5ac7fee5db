import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";
import type { Mailer } from "./mailer.js";

/** "ada@example.com" → "a•••@example.com": enough to spot a pattern of failures, not a directory. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf("@");
  if (at < 1) return "•••";
  return `${address[0]}•••${address.slice(at)}`;
}

/**
 * Records every message handed to the transport, and whether it went, in
 * `mail_log` (the admin panel's System tab). The send's own outcome is
 * unchanged: a failure is logged and still thrown to the caller.
 */
export function withMailLog(mailer: Mailer, db: Kysely<DB>): Mailer {
  const record = async (entry: { kind: string; recipient: string; subject: string; status: "sent" | "failed"; error: string | null }) => {
    try {
      await db.insertInto("mail_log").values(entry).execute();
    } catch {
      // The log must never be why a message is reported as failed.
    }
  };
  return {
    async send(message) {
      const entry = { kind: message.kind ?? "message", recipient: maskAddress(message.to), subject: message.subject.slice(0, 300) };
      try {
        await mailer.send(message);
      } catch (error) {
        await record({ ...entry, status: "failed", error: (error instanceof Error ? error.message : String(error)).slice(0, 500) });
        throw error;
      }
      await record({ ...entry, status: "sent", error: null });
    },
  };
}

export async function readMailLog(db: Kysely<DB>, options: { failedOnly: boolean; limit: number }) {
  let query = db.selectFrom("mail_log").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(options.limit);
  if (options.failedOnly) query = query.where("status", "=", "failed");
  return query.execute();
}

export async function countMailFailuresSince(db: Kysely<DB>, since: Date): Promise<number> {
  const row = await db
    .selectFrom("mail_log")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("status", "=", "failed")
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Keeps the log to the last 90 days (housekeeping.ts). */
export async function pruneMailLog(db: Kysely<DB>, now = new Date()): Promise<void> {
  await db
    .deleteFrom("mail_log")
    .where("created_at", "<", new Date(now.getTime() - 90 * 86_400_000))
    .execute();
}

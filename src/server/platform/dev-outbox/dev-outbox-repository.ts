import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
}

export async function saveToOutbox(db: Kysely<DB>, message: OutboxMessage): Promise<void> {
  await db
    .insertInto("dev_outbox")
    // The server's time, not the database's: with the test clock moved, the week kept follows it.
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      headers: JSON.stringify(message.headers ?? {}),
      created_at: new Date(),
    })
    .execute();
}

/** The latest messages, newest first. */
export async function readOutbox(db: Kysely<DB>, limit: number) {
  const rows = await db
    .selectFrom("dev_outbox")
    .select(["id", "to_address", "subject", "text_body", "html_body", "headers", "created_at"])
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    to: row.to_address,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    headers: row.headers,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The development outbox keeps a week of messages (it never runs in production). */
export async function pruneOutbox(db: Kysely<DB>, now: Date): Promise<void> {
  await db
    .deleteFrom("dev_outbox")
    .where("created_at", "<", new Date(now.getTime() - 7 * 86_400_000))
    .execute();
}

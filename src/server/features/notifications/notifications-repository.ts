import type { Kysely } from "kysely";
import type { NotificationChannel, NotificationKind } from "../../../shared/schemas/notifications.js";
import type { DB } from "../../platform/db/schema.js";
import type { PushTarget } from "../../platform/push/web-push-sender.js";
import { people } from "../users/read-models.js";

// The notifications feature's tables: notification_preferences and push_subscriptions.

export async function listChoices(db: Kysely<DB>, userId: string) {
  return db.selectFrom("notification_preferences").select(["kind", "channel", "enabled"]).where("user_id", "=", userId).execute();
}

export async function saveChoice(db: Kysely<DB>, userId: string, kind: NotificationKind, channel: NotificationChannel, enabled: boolean) {
  await db
    .insertInto("notification_preferences")
    .values({ user_id: userId, kind, channel, enabled })
    .onConflict((c) => c.columns(["user_id", "kind", "channel"]).doUpdateSet({ enabled }))
    .execute();
}

/** Back to the default for this kind and channel: the person's choice is forgotten. */
export async function forgetChoice(db: Kysely<DB>, userId: string, kind: NotificationKind, channel: NotificationChannel) {
  await db
    .deleteFrom("notification_preferences")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("channel", "=", channel)
    .execute();
}

/** The recipient's address, language and state, for one notice. */
export async function findRecipient(db: Kysely<DB>, userId: string) {
  return db
    .selectFrom(people.from(db).as("person"))
    .select(["email", "username", "language_preference", "deletion_requested_at", "suspended_at"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export async function countDevices(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("push_subscriptions")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listDevices(db: Kysely<DB>, userId: string): Promise<(PushTarget & { id: string })[]> {
  return db.selectFrom("push_subscriptions").select(["id", "endpoint", "p256dh", "auth"]).where("user_id", "=", userId).execute();
}

/** A device's subscription, moved to this person if another account had it (one phone, a new sign-in). */
export async function saveDevice(db: Kysely<DB>, row: { id: string; user_id: string } & PushTarget): Promise<void> {
  await db
    .insertInto("push_subscriptions")
    .values(row)
    .onConflict((c) => c.column("endpoint").doUpdateSet({ user_id: row.user_id, p256dh: row.p256dh, auth: row.auth }))
    .execute();
}

/** Keeps a person's `count` most recent devices: a phone replaced many times does not collect pushes forever. */
export async function keepNewestDevices(db: Kysely<DB>, userId: string, count: number): Promise<void> {
  const kept = db.selectFrom("push_subscriptions").select("id").where("user_id", "=", userId).orderBy("created_at", "desc").limit(count);
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("id", "not in", kept).execute();
}

export async function deleteDevice(db: Kysely<DB>, userId: string, endpoint: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).where("endpoint", "=", endpoint).execute();
}

export async function forgetDevice(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("id", "=", id).execute();
}

export async function markDeviceReached(db: Kysely<DB>, id: string): Promise<void> {
  await db.updateTable("push_subscriptions").set({ last_sent_at: new Date() }).where("id", "=", id).execute();
}

/** Whether this kind's emails are paused for the person ("Pause for a week", from an email's link). */
export async function emailPaused(db: Kysely<DB>, userId: string, kind: NotificationKind, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom("email_pauses")
    .select("until")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("until", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

export async function pauseEmails(db: Kysely<DB>, userId: string, kind: NotificationKind, until: Date): Promise<void> {
  await db
    .insertInto("email_pauses")
    .values({ user_id: userId, kind, until })
    .onConflict((c) => c.columns(["user_id", "kind"]).doUpdateSet({ until }))
    .execute();
}

export async function resumeEmails(db: Kysely<DB>, userId: string, kind: NotificationKind): Promise<void> {
  await db.deleteFrom("email_pauses").where("user_id", "=", userId).where("kind", "=", kind).execute();
}

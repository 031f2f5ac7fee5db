import { sql, type Kysely } from "kysely";
import type { NotificationChannel, NotificationKind } from "../../../shared/schemas/notifications.js";
import { prepared } from "../../platform/db/prepared.js";
import {
  hitOf,
  limitHitCte,
  limitParams,
  withinLimit,
  type LimitInStatement,
  type LimitParams,
} from "../../platform/rate-limit/rate-limit-rules.js";
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
/**
 * Saves the device (a subscription's endpoint is one device, whoever it was
 * before) and keeps the person's `keep` most recent ones (a phone replaced
 * many times does not collect pushes forever), unless `limit` refuses it:
 * one prepared statement, the limit's counter in it (rate-limit-rules.ts,
 * limitInStatement). Returns the counter's hit when limited.
 */
export async function saveDevice(
  db: Kysely<DB>,
  row: { id: string; user_id: string } & PushTarget,
  keep: number,
  limit: LimitInStatement | null,
): Promise<{ count: number; retry_after: number } | undefined> {
  const { rows } = await (limit ? saveLimited : save).execute(db, { ...row, keep, ...limitParams(limit) });
  return hitOf(rows[0]);
}

type SaveParams = { id: string; user_id: string; endpoint: string; p256dh: string; auth: string; keep: number } & LimitParams;
// writes: push_subscriptions
const saveStatement = (p: SaveParams, limited: boolean) => sql<{ count: number | null; retry_after: number | null }>`
  with limit_hit as (${limitHitCte(p, limited)}),
  saved as (
    insert into push_subscriptions (id, user_id, endpoint, p256dh, auth)
    select ${p.id}, ${p.user_id}, ${p.endpoint}, ${p.p256dh}, ${p.auth}
    where ${withinLimit(p, limited)}
    on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth
    returning id
  ), trimmed as (
    -- The statement sees the devices as they were: the newest keep − 1 of them stay beside the one saved.
    delete from push_subscriptions
    where user_id = ${p.user_id} and exists (select 1 from saved) and id not in (select id from saved)
      and id not in (select id from push_subscriptions where user_id = ${p.user_id} order by created_at desc limit ${p.keep}::int - 1)
    returning 1
  )
  select h.count, h.retry_after, (select count(*) from trimmed) as trimmed from limit_hit h`;
const save = prepared<SaveParams>()("push_device_save", (_, p) => saveStatement(p, false));
const saveLimited = prepared<SaveParams>()("push_device_save_limited", (_, p) => saveStatement(p, true));

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

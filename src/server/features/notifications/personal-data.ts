import { isoMoment, type PersonalData } from "../../platform/personal-data.js";

/** The person's notification choices, the devices that receive their pushes, their streak reminder's state and offer, their paused emails. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "notification-choices",
      read: async (db, userId) =>
        await db.selectFrom("notification_preferences").select(["kind", "channel", "enabled"]).where("user_id", "=", userId).execute(),
    },
    {
      name: "push-devices",
      // The push service's address and keys identify a device to its vendor: the archive says a device is there, and since when.
      read: async (db, userId) =>
        (
          await db
            .selectFrom("push_subscriptions")
            .select(["endpoint", "created_at", "last_sent_at"])
            .where("user_id", "=", userId)
            .execute()
        ).map((row) => ({
          push_service: new URL(row.endpoint).host,
          since: isoMoment(row.created_at),
          last_notice: isoMoment(row.last_sent_at),
        })),
    },
    {
      name: "streak-reminder",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("streak_reminders")
            .select(["local_hour", "time_zone", "last_sent_at", "snoozed_until"])
            .where("user_id", "=", userId)
            .execute()
        ).map((row) => ({
          hour: row.local_hour,
          time_zone: row.time_zone,
          last_sent_at: isoMoment(row.last_sent_at),
          snoozed_until: isoMoment(row.snoozed_until),
        })),
    },
    {
      name: "streak-reminder-offer",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("reminder_offers")
            .select(["declines", "last_declined_day", "accepted_at"])
            .where("user_id", "=", userId)
            .execute()
        ).map((row) => ({ not_now: row.declines, last_not_now_day: row.last_declined_day, accepted_at: isoMoment(row.accepted_at) })),
    },
    {
      name: "streak-freezes-told",
      read: async (db, userId) =>
        (await db.selectFrom("streak_freeze_notices").select(["covered_day", "sent_at"]).where("user_id", "=", userId).execute()).map(
          (row) => ({ covered_day: row.covered_day, told_at: isoMoment(row.sent_at) }),
        ),
    },
    {
      name: "email-pauses",
      read: async (db, userId) =>
        (await db.selectFrom("email_pauses").select(["kind", "until"]).where("user_id", "=", userId).execute()).map((row) => ({
          kind: row.kind,
          until: isoMoment(row.until),
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("reminder_offers").where("user_id", "=", person).execute();
    await trx.deleteFrom("email_pauses").where("user_id", "=", person).execute();
    await trx.deleteFrom("streak_freeze_notices").where("user_id", "=", person).execute();
    await trx.deleteFrom("notification_preferences").where("user_id", "=", person).execute();
    await trx.deleteFrom("push_subscriptions").where("user_id", "=", person).execute();
    await trx.deleteFrom("streak_reminders").where("user_id", "=", person).execute();
  },
};

import { isoMoment, type PersonalData } from "../../platform/personal-data.js";

/** The person's notification choices, the devices that receive their pushes, their streak reminder's state. */
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
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("notification_preferences").where("user_id", "=", person).execute();
    await trx.deleteFrom("push_subscriptions").where("user_id", "=", person).execute();
    await trx.deleteFrom("streak_reminders").where("user_id", "=", person).execute();
  },
};

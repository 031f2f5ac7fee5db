import { isoMoment, type PersonalData } from "../../platform/personal-data.js";

/** Sessions (with the address and browser they were opened from) and the sign-in methods of the account. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "signed-in-devices",
      read: async (db, userId) =>
        (
          await db
            .selectFrom("sessions")
            .select(["created_at", "updated_at", "expires_at", "ip_address", "country", "user_agent"])
            .where("user_id", "=", userId)
            .execute()
        ).map((row) => ({
          signed_in_at: isoMoment(row.created_at),
          last_seen_at: isoMoment(row.updated_at),
          expires_at: isoMoment(row.expires_at),
          ip_address: row.ip_address,
          country: row.country,
          browser: row.user_agent,
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("sessions").where("user_id", "=", person).execute();
    await trx.deleteFrom("accounts").where("user_id", "=", person).execute();
  },
  // Sessions (with the address and browser they were opened from) and confirmation and reset tokens: until they expire.
  forgetExpired: async (db, now) => {
    await db.deleteFrom("sessions").where("expires_at", "<", now).execute();
    await db.deleteFrom("verifications").where("expires_at", "<", now).execute();
  },
};

import type { PersonalData } from "../../platform/personal-data.js";

/** Links that confirm or recover an email address. */
export const personalData: PersonalData = {
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("email_recovery_tokens").where("user_id", "=", person).execute();
  },
  // Email recovery links: until they expire.
  forgetExpired: async (db, now) => {
    await db.deleteFrom("email_recovery_tokens").where("expires_at", "<", now).execute();
  },
};

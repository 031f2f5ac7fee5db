import type { PersonalData } from "../../platform/personal-data.js";
import { KNOWN_DEVICE_DAYS } from "../../../shared/constants.js";

/** The devices an account signed in from (a hash, for new-device notices). */
export const personalData: PersonalData = {
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("known_devices").where("user_id", "=", person).execute();
  },
  // Devices an account signed in from: a year after their last use.
  forgetExpired: async (db, now) => {
    await db
      .deleteFrom("known_devices")
      .where("last_seen_at", "<", new Date(now.getTime() - KNOWN_DEVICE_DAYS * 86_400_000))
      .execute();
  },
};

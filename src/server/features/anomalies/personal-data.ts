import type { PersonalData } from "../../platform/personal-data.js";

/** Flags of unusual scan patterns on the person's acts. */
export const personalData: PersonalData = {
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("anomaly_flags").where("user_id", "=", person).execute();
  },
};

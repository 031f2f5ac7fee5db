import type { PersonalData } from "../../platform/personal-data.js";

/** Memberships of organizations and requests to register one. */
export const personalData: PersonalData = {
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("organization_members").where("user_id", "=", person).execute();
    await trx.deleteFrom("organization_requests").where("user_id", "=", person).execute();
  },
};

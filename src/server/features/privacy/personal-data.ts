import type { PersonalData } from "../../platform/personal-data.js";

/** The person's data archives (24 hours each): their rows and their files. */
export const personalData: PersonalData = {
  filesOf: async (trx, person) =>
    (await trx.selectFrom("data_exports").select("storage_key").where("user_id", "=", person).execute()).flatMap((row) =>
      row.storage_key ? [row.storage_key] : [],
    ),
  eraseFor: async (trx, person) => {
    await trx.deleteFrom("data_exports").where("user_id", "=", person).execute();
  },
};

import { isoMoment, type PersonalData } from "../../platform/personal-data.js";
import { consentHistory } from "./consents.js";
import { anonymiseAccount } from "./deletion-repository.js";

/** The account: its profile and roles, its consents; the account row itself stays, renamed, so totals and others' ranks do not move. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "profile",
      read: async (db, userId) => {
        const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
        const roles = await db.selectFrom("user_roles").select("role").where("user_id", "=", userId).execute();
        return [
          {
            id: user.id,
            username: user.username,
            email: user.email,
            email_confirmed: user.email_verified,
            country: user.country,
            language: user.language_preference,
            roles: roles.map((row) => row.role).join(" "),
            show_username_on_leaderboards: user.show_on_leaderboards,
            show_username_on_card_journeys: user.show_on_card_journeys,
            member_since: isoMoment(user.created_at),
            last_sign_in: isoMoment(user.last_sign_in_at),
          },
        ];
      },
    },
    {
      name: "consents",
      read: async (db, userId) =>
        (await consentHistory(db, userId)).map((row) => ({
          document: row.document,
          version: row.version,
          accepted_at: isoMoment(row.accepted_at),
        })),
    },
  ],
  eraseFor: async (trx, person, now) => {
    await trx.deleteFrom("user_roles").where("user_id", "=", person).execute();
    await trx.deleteFrom("consents").where("user_id", "=", person).execute();
    await anonymiseAccount(trx, person, now);
  },
};

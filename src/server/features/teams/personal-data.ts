import { isoMoment, type PersonalData } from "../../platform/personal-data.js";
import { leaveAllTeams } from "./teams-service.js";
import { forgetDisplayNames } from "./teams-repository.js";

/** Team memberships. On erasure the person leaves every team: an owner hands over, a last member closes it; what they counted stays, anonymous. */
export const personalData: PersonalData = {
  exportFor: [
    {
      name: "teams",
      // Every membership, ended ones too (they decide which team counted an act), and whether the person owns the team now.
      read: async (db, userId) =>
        (
          await db
            .selectFrom("team_members as m")
            .innerJoin("teams as t", "t.id", "m.team_id")
            .select(["t.name", "t.kind", "t.user_id", "t.closed_at", "m.joined_at", "m.left_at", "m.left_reason", "m.display_name"])
            .where("m.user_id", "=", userId)
            .orderBy("m.joined_at")
            .execute()
        ).map((row) => ({
          team: row.name,
          kind: row.kind,
          name_in_team: row.display_name,
          owner: row.user_id === userId && row.left_at === null,
          joined_at: isoMoment(row.joined_at),
          left_at: isoMoment(row.left_at),
          left_because: row.left_reason,
          team_closed_at: isoMoment(row.closed_at),
        })),
    },
  ],
  eraseFor: async (trx, person) => {
    await leaveAllTeams(trx, person);
    await forgetDisplayNames(trx, person);
  },
};

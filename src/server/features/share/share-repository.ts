import type { Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { publishedActs } from "../scan/read-models.js";

/**
 * The public facts of a numbered act. The username comes only with its
 * person's choice to be named in public, and never for an account being
 * deleted; a voided act is no longer in `acts`, so it is not found.
 */
export async function findPublicAct(db: Kysely<DB>, actNumber: number) {
  return db
    .selectFrom(publishedActs.from(db).as("a"))
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "a.organization_id")
    .leftJoin(people.from(db).as("u"), "u.id", "a.user_id")
    .select([
      "a.act_number",
      "a.rarity",
      "a.scan_day",
      "a.card_type",
      "o.name as organization_name",
      "u.username",
      "u.show_on_leaderboards",
      "u.deletion_requested_at",
    ])
    .where("a.act_number", "=", actNumber)
    .executeTakeFirst();
}

import { sql, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { publishedActs } from "../scan/read-models.js";

/** Acts since `firstDay` ('YYYY-MM-DD', New York) by the employer's employees with access, and by one of them. */
export async function scansSince(db: Kysely<DB>, organizationId: string, userId: string, firstDay: string) {
  const row = await db
    .selectFrom("workplace_access as a")
    .leftJoin(publishedActs.from(db).as("x"), (join) => join.onRef("x.user_id", "=", "a.user_id").on("x.scan_day", ">=", firstDay))
    .select([
      sql<number>`count(distinct a.user_id)`.as("members"),
      sql<number>`count(x.id)`.as("total"),
      sql<number>`count(x.id) filter (where a.user_id = ${userId})`.as("personal"),
    ])
    .where("a.organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return { members: Number(row.members), total: Number(row.total), personal: Number(row.personal) };
}

import { sql, type Kysely } from "kysely";
import { likeEscaped } from "../../platform/db/like.js";
import { onePage, pageWindow } from "../../platform/db/paging.js";
import type { DB } from "../../platform/db/schema.js";
import { organizationMembers, publishedOrganizations } from "../organizations/read-models.js";

/** Newest first; a search matches the name anywhere or the org code's start. */
export async function listOrganizations(db: Kysely<DB>, options: { q: string; page: number; pageSize: number }) {
  const { limit, offset } = pageWindow(options.page, options.pageSize);
  let query = db
    .selectFrom(publishedOrganizations.from(db).as("o"))
    .select([
      "o.id",
      "o.name",
      "o.type",
      "o.industry",
      "o.org_code",
      "o.created_at",
      sql<string>`(select count(*) from ${organizationMembers.sql} m where m.organization_id = o.id)`.as("members"),
    ])
    .orderBy("o.created_at", "desc")
    .orderBy("o.id")
    .limit(limit)
    .offset(offset);
  if (options.q) {
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(o.name)`, "like", `%${likeEscaped(options.q.toLowerCase())}%`),
        eb("o.org_code", "like", `${likeEscaped(options.q.toUpperCase())}%`),
      ]),
    );
  }
  const rows = await query.execute();
  const { items, hasMore } = onePage(rows, options.pageSize);
  return {
    hasMore,
    items: items.map((row) => ({
      id: row.id,
      name: row.name,
      type: row.type,
      industry: row.industry,
      orgCode: row.org_code,
      members: Number(row.members),
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

import { sql, type Kysely } from "kysely";
import type { ActType, DB } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import { actorColumns, type ActorFacts } from "../organizations/index.js";
import { publishedPlaces } from "../organizations/read-models.js";
import { publishedActs } from "../scan/read-models.js";

// The dashboard's newest acts, read from the acts themselves, newest first,
// a page at a time. (A period's figures: period-figures-repository.ts.)

type RecentActRow = {
  act_number: number | null;
  scanned_at: Date;
  user_pseudo: string | null;
  card_type: ActType;
  location_name: string | null;
};

/** The newest acts (before `before` when paging), and who is asking, in one statement. */
export async function recentActs(db: Kysely<DB>, input: { userId: string; organizationId: string; before?: Date; limit: number }) {
  const params = { userId: input.userId, organizationId: input.organizationId, limit: input.limit + 1, before: input.before ?? null };
  const { rows } = await (input.before ? olderActs : newestActs).execute(db, params);
  return { facts: rows[0]!, acts: rows.filter((row): row is typeof row & RecentActRow => row.scanned_at !== null) };
}

type RecentParams = { userId: string; organizationId: string; limit: number; before: Date | null };
const recentActsOf = (p: RecentParams, older: boolean) => sql<ActorFacts & { [K in keyof RecentActRow]: RecentActRow[K] | null }>`
  select f.*, a.* from (select ${actorColumns(p.userId, p.organizationId)}) f
  left join lateral (
    select a.act_number, a.scanned_at, a.user_pseudo, a.card_type, l.name as location_name
    from ${publishedActs.sql} a left join ${publishedPlaces.sql} l on l.id = a.location_id
    where a.organization_id = ${p.organizationId} ${older ? sql`and a.scanned_at < ${p.before}` : sql``}
    order by a.scanned_at desc, a.id desc
    limit ${p.limit}::int
  ) a on true`;
const newestActs = prepared<RecentParams>()("dashboard_newest_acts", (_, p) => recentActsOf(p, false));
const olderActs = prepared<RecentParams>()("dashboard_older_acts", (_, p) => recentActsOf(p, true));

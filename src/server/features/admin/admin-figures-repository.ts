import { sql, type Kysely } from "kysely";
import { KINDLY_TIME_ZONE } from "../../../shared/acts/new-york-time.js";
import type { DB } from "../../platform/db/schema.js";
import { people } from "../users/read-models.js";
import { organizationRequests, publishedOrganizations } from "../organizations/read-models.js";
import { actCounter, boardCounts, dailyActCounts, manualActBatches, memberCount } from "../scan/read-models.js";

// The overview's and the analytics tab's figures. Each reads an aggregate
// table or a small one (organisations, requests, the mail log), or an index
// range, so the cost stays flat as acts and members accumulate.

export async function overviewCounts(db: Kysely<DB>, today: string, since: Date) {
  const row = await db
    .selectNoFrom([
      sql<string>`(select last_number - voided from ${actCounter.sql} act_counter where id = 1)`.as("total_acts"),
      sql<string>`coalesce((select acts from ${dailyActCounts.sql} daily_act_counts where day = ${today}), 0)`.as("acts_today"),
      sql<string>`coalesce((select sum(act_count) from ${manualActBatches.sql} manual_act_batches), 0)`.as("manual_acts"),
      sql<string>`(select users from ${memberCount.sql} user_count where id = 1)`.as("members"),
      sql<string>`(select count(*) from ${people.sql} people where suspended_at is not null)`.as("suspended"),
      sql<string>`(select count(*) from ${organizationRequests.sql} organization_requests where status = 'pending')`.as("pending_requests"),
      sql<string>`(select count(*) from mail_log where status = 'failed' and created_at >= ${since})`.as("mail_failures"),
      sql<
        { type: string; n: number }[] | null
      >`(select json_agg(t) from (select type, count(*)::int as n from ${publishedOrganizations.sql} organizations group by type) t)`.as(
        "organizations",
      ),
    ])
    .executeTakeFirstOrThrow();
  const byType = { company: 0, "non-profit": 0, government: 0 };
  for (const entry of row.organizations ?? []) byType[entry.type as keyof typeof byType] = entry.n;
  return {
    totalActs: Number(row.total_acts),
    actsToday: Number(row.acts_today),
    manualActs: Number(row.manual_acts),
    members: Number(row.members),
    suspendedAccounts: Number(row.suspended),
    pendingRequests: Number(row.pending_requests),
    mailFailures: Number(row.mail_failures),
    organizationsByType: byType,
  };
}

export async function topCountries(db: Kysely<DB>, limit: number) {
  const rows = await db
    .selectFrom(boardCounts.from(db).as("leaderboard_counts"))
    .select(["subject_id", "acts"])
    .where("scope", "=", "country")
    .where("period", "=", "all")
    .where("acts", ">", 0)
    .orderBy("acts", "desc")
    .orderBy("subject_id")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ country: row.subject_id, acts: row.acts }));
}

export async function actsPerDay(db: Kysely<DB>, from: string) {
  return db.selectFrom(dailyActCounts.from(db).as("daily_act_counts")).select(["day", "acts"]).where("day", ">=", from).execute();
}

/** Sign-ups per week, weeks starting Monday in New York. */
export async function newMembersPerWeek(db: Kysely<DB>, fromWeek: string) {
  const { rows } = await sql<{ week: string; members: string }>`
    select date_trunc('week', created_at at time zone ${KINDLY_TIME_ZONE})::date::text as week, count(*) as members
    from ${people.sql} people
    where created_at >= (${fromWeek}::date)::timestamp at time zone ${KINDLY_TIME_ZONE}
    group by 1
  `.execute(db);
  return rows.map((row) => ({ week: row.week, members: Number(row.members) }));
}

export async function databaseVersion(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(db);
  return rows[0]!.version;
}

import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, TeamKind } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import { lockPerson } from "../users/index.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { boardCounts, publishedActs } from "../scan/read-models.js";

type Reader = Kysely<DB> | Transaction<DB>;

/**
 * Takes the person's row lock: their joins and creations are counted one after the other against the limits.
 * FOR NO KEY UPDATE, not FOR UPDATE: an owner leaving hands the team to a member (a foreign key to that
 * member's row, which takes KEY SHARE on it) while that member may be leaving too, holding their own row and
 * waiting for the team: with FOR UPDATE the two waited for each other ("deadlock detected", issue 58 §7).
 */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await lockPerson(trx, userId, "no key update");
}

export async function countCreatedSince(trx: Transaction<DB>, userId: string, since: Date): Promise<number> {
  const row = await trx
    .selectFrom("teams")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("created_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Joins (creations included) by the person since `since`. */
export async function countJoinsSince(trx: Transaction<DB>, userId: string, since: Date): Promise<number> {
  const row = await trx
    .selectFrom("team_members")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("joined_at", ">=", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The team, unless an open one of its kind already has the name (false then: the unique index decides). */
export async function insertTeam(
  trx: Transaction<DB>,
  row: {
    id: string;
    kind: TeamKind;
    name: string;
    name_key: string;
    user_id: string;
    organization_id: string | null;
    password_hash: string | null;
  },
): Promise<boolean> {
  const inserted = await trx
    .insertInto("teams")
    .values(row)
    .onConflict((c) => c.columns(["kind", "name_key"]).where("closed_at", "is", null).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export interface TeamRow {
  id: string;
  kind: TeamKind;
  name: string;
  user_id: string;
  organization_id: string | null;
  password_hash: string | null;
  invite_version: number;
  monthly_target: number | null;
  closed_at: Date | null;
  hidden_at: Date | null;
}

const TEAM_COLUMNS = [
  "id",
  "kind",
  "name",
  "user_id",
  "organization_id",
  "password_hash",
  "invite_version",
  "monthly_target",
  "closed_at",
  "hidden_at",
] as const;

export async function findTeam(db: Reader, teamId: string): Promise<TeamRow | undefined> {
  return db.selectFrom("teams").select(TEAM_COLUMNS).where("id", "=", teamId).executeTakeFirst();
}

/** The team's row lock: joins, leaves and the owner's changes to one team go one at a time. */
export async function lockTeam(trx: Transaction<DB>, teamId: string): Promise<TeamRow | undefined> {
  return trx.selectFrom("teams").select(TEAM_COLUMNS).where("id", "=", teamId).forUpdate().executeTakeFirst();
}

export async function findOpenTeamByName(db: Reader, kind: TeamKind, nameKey: string): Promise<TeamRow | undefined> {
  return db
    .selectFrom("teams")
    .select(TEAM_COLUMNS)
    .where("kind", "=", kind)
    .where("name_key", "=", nameKey)
    .where("closed_at", "is", null)
    .executeTakeFirst();
}

export async function findOpenMembership(db: Reader, userId: string, kind: TeamKind) {
  return db
    .selectFrom("team_members")
    .select(["id", "team_id"])
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .where("left_at", "is", null)
    .executeTakeFirst();
}

/**
 * What a join is decided on, read under the person's and the team's locks in
 * one prepared statement: whether they are in an open team of this kind,
 * their joins since `since`, and the team's open memberships.
 */
export async function joinFacts(
  trx: Transaction<DB>,
  params: { userId: string; teamId: string; kind: TeamKind; since: Date },
): Promise<{ inTeamOfKind: boolean; joinsSince: number; openMembers: number }> {
  const { rows } = await facts.execute(trx, params);
  const row = rows[0]!;
  return { inTeamOfKind: row.in_team_of_kind, joinsSince: row.joins_since, openMembers: row.open_members };
}

const facts = prepared<{ userId: string; teamId: string; kind: TeamKind; since: Date }>()(
  "team_join_facts",
  (_, p) => sql<{ in_team_of_kind: boolean; joins_since: number; open_members: number }>`
    select exists (select 1 from team_members where user_id = ${p.userId} and kind = ${p.kind} and left_at is null) as in_team_of_kind,
           (select count(*)::int from team_members where user_id = ${p.userId} and joined_at >= ${p.since}) as joins_since,
           (select count(*)::int from team_members where team_id = ${p.teamId} and left_at is null) as open_members`,
);

/**
 * A membership from now. `clock_timestamp()`, not the transaction's start: the
 * caller holds the numbering lock, so every act numbered before this commits
 * was made before this instant, and every act numbered after sees the row.
 */
export async function insertMembership(
  trx: Transaction<DB>,
  row: { id: string; team_id: string; user_id: string; kind: TeamKind; display_name: string | null },
) {
  await trx
    .insertInto("team_members")
    .values({ ...row, joined_at: sql<Date>`clock_timestamp()` })
    .execute();
}

/** Ends a membership now (`clock_timestamp()`, under the numbering lock, as `insertMembership`). */
export async function endMembership(
  trx: Transaction<DB>,
  teamId: string,
  userId: string,
  reason: "left" | "removed" | "closed" | "deleted",
) {
  const ended = await trx
    .updateTable("team_members")
    .set({ left_at: sql<Date>`clock_timestamp()`, left_reason: reason })
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .where("left_at", "is", null)
    .returning("id")
    .executeTakeFirst();
  return ended !== undefined;
}

/** Open members, longest-standing first, with what the boards show of them. */
export async function listOpenMembers(db: Reader, teamId: string) {
  return db
    .selectFrom("team_members as m")
    .innerJoin(people.from(db).as("u"), "u.id", "m.user_id")
    .select([
      "m.user_id",
      "m.joined_at",
      "u.username",
      "m.display_name",
      sql<boolean>`u.show_on_leaderboards and u.deletion_requested_at is null`.as("show_name"),
    ])
    .where("m.team_id", "=", teamId)
    .where("m.left_at", "is", null)
    .orderBy("m.joined_at")
    .orderBy("m.user_id")
    .execute();
}

/** Each open member's acts for the team from the New York day `sinceDay` (and from their joining). */
export async function memberActsSince(db: Reader, teamId: string, sinceDay: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ user_id: string; acts: string }>`
    select m.user_id, count(a.id) as acts
    from team_members m
    join ${publishedActs.sql} a on a.user_id = m.user_id and a.act_number is not null and a.scanned_at >= m.joined_at and a.scan_day >= ${sinceDay}::date
    where m.team_id = ${teamId} and m.left_at is null
    group by m.user_id
  `.execute(db);
  return new Map(rows.map((row) => [row.user_id, Number(row.acts)]));
}

export async function updateTeam(
  trx: Transaction<DB>,
  teamId: string,
  set: Partial<{ name: string; name_key: string; user_id: string; password_hash: string | null; monthly_target: number | null }>,
) {
  await trx
    .updateTable("teams")
    .set({ ...set, ...(set.name ? { hidden_at: null, hidden_by: null, hidden_reason: null } : {}) })
    .where("id", "=", teamId)
    .execute();
}

/** Whether another open team of the kind has this name. */
export async function nameTakenByOther(trx: Transaction<DB>, kind: TeamKind, nameKey: string, teamId: string): Promise<boolean> {
  const row = await trx
    .selectFrom("teams")
    .select("id")
    .where("kind", "=", kind)
    .where("name_key", "=", nameKey)
    .where("closed_at", "is", null)
    .where("id", "<>", teamId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function newInviteVersion(trx: Transaction<DB>, teamId: string): Promise<number> {
  const row = await trx
    .updateTable("teams")
    .set((eb) => ({ invite_version: eb("invite_version", "+", 1) }))
    .where("id", "=", teamId)
    .returning("invite_version")
    .executeTakeFirstOrThrow();
  return row.invite_version;
}

export async function closeTeam(trx: Transaction<DB>, teamId: string, reason: "empty" | "moderation") {
  await trx
    .updateTable("teams")
    .set({ closed_at: sql<Date>`now()`, closed_reason: reason })
    .where("id", "=", teamId)
    .execute();
}

/** The team's count on its board in each period (0 where it has none). */
export async function teamCounts(db: Reader, scope: string, teamId: string, periods: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom(boardCounts.from(db).as("leaderboard_counts"))
    .select(["period", "acts"])
    .where("scope", "=", scope)
    .where("subject_id", "=", teamId)
    .where("period", "in", periods)
    .execute();
  return new Map(rows.map((row) => [row.period, row.acts]));
}

/** How many open teams rank before this one on its board in the period: more acts, or as many reached first (its rank is one more). */
export async function countTeamsAhead(db: Reader, scope: string, period: string, teamId: string): Promise<number> {
  const { rows } = await sql<{ ahead: number }>`
    select count(*)::int as ahead
    from ${boardCounts.sql} mine
    join ${boardCounts.sql} o on o.scope = mine.scope and o.period = mine.period
    join teams t on t.id = o.subject_id and t.closed_at is null and t.hidden_at is null
    where mine.scope = ${scope} and mine.period = ${period} and mine.subject_id = ${teamId}
      and (o.acts > mine.acts or (o.acts = mine.acts and (o.reached_at, o.subject_id) < (mine.reached_at, mine.subject_id)))
  `.execute(db);
  return rows[0]?.ahead ?? 0;
}

/** The person's open teams, one of each kind at most. */
export async function findMyTeams(db: Reader, userId: string) {
  return db
    .selectFrom("team_members as m")
    .innerJoin("teams as t", "t.id", "m.team_id")
    .select(["t.id", "t.kind", "t.name", "t.hidden_at", "t.monthly_target"])
    .where("m.user_id", "=", userId)
    .where("m.left_at", "is", null)
    .execute();
}

export async function organizationName(db: Reader, organizationId: string): Promise<string | null> {
  const row = await db
    .selectFrom(publishedOrganizations.from(db).as("organization"))
    .select("name")
    .where("id", "=", organizationId)
    .executeTakeFirst();
  return row?.name ?? null;
}

/** Open teams whose open members include the person (for leaving them when an account goes). */
export async function openTeamIdsOf(trx: Transaction<DB>, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom("team_members").select("team_id").where("user_id", "=", userId).where("left_at", "is", null).execute();
  return rows.map((row) => row.team_id);
}

/** Teams for the organisation's dashboard: its open work teams and this month's counts. */
export async function organizationTeams(db: Reader, organizationId: string, month: string) {
  return db
    .selectFrom("teams as t")
    .leftJoin(boardCounts.from(db).as("lc"), (join) =>
      join.onRef("lc.subject_id", "=", "t.id").on("lc.scope", "=", "work_team").on("lc.period", "=", month),
    )
    .select([
      "t.id",
      "t.name",
      "t.hidden_at",
      sql<number>`coalesce(lc.acts, 0)`.as("acts"),
      (eb) =>
        eb
          .selectFrom("team_members as m")
          .select((e) => e.fn.countAll<number>().as("n"))
          .whereRef("m.team_id", "=", "t.id")
          .where("m.left_at", "is", null)
          .as("members"),
    ])
    .where("t.organization_id", "=", organizationId)
    .where("t.closed_at", "is", null)
    .orderBy(sql`coalesce(lc.acts, 0)`, "desc")
    .orderBy("t.created_at")
    .execute();
}

/**
 * The open teams whose month count has reached their challenge (target × open
 * members), not marked yet: marked now, in one statement, so two servers
 * looking at once tell each team once. A team's hidden name is not told.
 */
export async function claimReachedChallenges(db: Kysely<DB>, month: string) {
  const { rows } = await sql<{ id: string; name: string; acts: number; goal: number; member_ids: string[] }>`
    with due as (
      select t.id, t.name, lc.acts, t.monthly_target * m.members as goal, m.member_ids
      from teams t
      join ${boardCounts.sql} lc on lc.subject_id = t.id and lc.scope = t.kind || '_team' and lc.period = ${month}
      cross join lateral (
        select count(*)::int as members, array_agg(user_id) as member_ids from team_members where team_id = t.id and left_at is null
      ) m
      where t.monthly_target is not null and t.closed_at is null and t.hidden_at is null
        and m.members > 0 and lc.acts >= t.monthly_target * m.members
        and not exists (select 1 from team_challenge_reached r where r.team_id = t.id and r.month = ${month})
    ), marked as (
      insert into team_challenge_reached (team_id, month, goal)
      select id, ${month}, goal from due
      on conflict (team_id, month) do nothing
      returning team_id
    )
    select due.* from due join marked on marked.team_id = due.id
  `.execute(db);
  return rows;
}

/** The member's name in the team, as they chose it; false when they are not an open member. */
export async function setDisplayName(db: Kysely<DB>, teamId: string, userId: string, name: string): Promise<boolean> {
  const updated = await db
    .updateTable("team_members")
    .set({ display_name: name })
    .where("team_id", "=", teamId)
    .where("user_id", "=", userId)
    .where("left_at", "is", null)
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Forgets the names a person went by in teams (their erasure): what they counted stays, anonymous. */
export async function forgetDisplayNames(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.updateTable("team_members").set({ display_name: null }).where("user_id", "=", userId).execute();
}

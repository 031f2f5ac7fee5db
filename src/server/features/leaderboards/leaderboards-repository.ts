import { sql, type Kysely } from "kysely";
import type { LeaderboardBoard, LeaderboardRow } from "../../../shared/schemas/stats.js";
import type { DB } from "../../platform/db/schema.js";
import { boardKeyFor, pseudonymFor } from "../scan/index.js";
import { people } from "../users/read-models.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { boardCounts } from "../scan/read-models.js";
import { publishedTeams } from "../teams/read-models.js";

type UnrankedRow = Omit<LeaderboardRow, "rank">;

/** The top of one board, by acts, then who reached that count first; ranks are the service's. */
export async function readLeaderboard(db: Kysely<DB>, scopes: LeaderboardBoard[], period: string, limit: number): Promise<UnrankedRow[]> {
  const base = db
    .selectFrom(boardCounts.from(db).as("lc"))
    .where("lc.scope", "in", scopes)
    .where("lc.period", "=", period)
    .where("lc.acts", ">", 0)
    .orderBy("lc.acts", "desc")
    // Ties: who got there first, then a stable order.
    .orderBy("lc.reached_at")
    .orderBy("lc.subject_id")
    .limit(limit);
  if (scopes.includes("individual")) {
    const rows = await base
      .innerJoin(people.from(db).as("u"), "u.id", "lc.subject_id")
      .select([
        "lc.subject_id as id",
        "u.username",
        // An account asked to be deleted is anonymous at once: its acts count, its name goes.
        sql<boolean>`u.show_on_leaderboards and u.deletion_requested_at is null`.as("show_on_leaderboards"),
        "u.country",
        "lc.acts",
      ])
      .execute();
    // Privacy by default: a person's pseudonym (the feed's) unless they chose to show their username.
    return rows.map(({ id, username, show_on_leaderboards, country, acts }) => ({
      id: boardKeyFor(id),
      name: show_on_leaderboards ? username : pseudonymFor(id),
      country,
      industry: null,
      acts,
    }));
  }
  if (scopes.includes("walking_team") || scopes.includes("work_team")) {
    // Open teams only; a name the official account hid is off the boards until its owner renames the team.
    const rows = await base
      .innerJoin(publishedTeams.from(db).as("t"), "t.id", "lc.subject_id")
      .where("t.closed_at", "is", null)
      .where("t.hidden_at", "is", null)
      .select(["lc.subject_id as id", "t.name", "lc.acts"])
      .execute();
    return rows.map((row) => ({ ...row, country: null, industry: null }));
  }
  if (scopes.includes("country")) {
    const rows = await base.select(["lc.subject_id as id", "lc.acts"]).execute();
    return rows.map((row) => ({ ...row, name: row.id, country: row.id, industry: null }));
  }
  const rows = await base
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "lc.subject_id")
    .select(["lc.subject_id as id", "o.name", "o.country", "o.industry", "lc.acts"])
    .execute();
  return rows;
}

/** One subject's count on one board and period (0 when it has none). */
export async function readBoardCount(db: Kysely<DB>, scope: string, period: string, subjectId: string): Promise<number> {
  const row = await db
    .selectFrom(boardCounts.from(db).as("leaderboard_counts"))
    .select("acts")
    .where("scope", "=", scope)
    .where("period", "=", period)
    .where("subject_id", "=", subjectId)
    .executeTakeFirst();
  return row?.acts ?? 0;
}

/** A person's acts on the individual board for a period, and how many rank before them (their rank is one more). */
export async function readMyBoardPlace(db: Kysely<DB>, userId: string, period: string) {
  const { rows } = await sql<{ acts: number | null; ahead: number; username: string; show: boolean }>`
    select mine.acts,
      (select count(*)::int from ${boardCounts.sql} o
        where o.scope = 'individual' and o.period = ${period} and o.acts > 0
          and (o.acts > coalesce(mine.acts, 0)
            or (o.acts = mine.acts and (o.reached_at, o.subject_id) < (mine.reached_at, mine.subject_id)))) as ahead,
      u.username, (u.show_on_leaderboards and u.deletion_requested_at is null) as show
    from ${people.sql} u
    left join ${boardCounts.sql} mine on mine.scope = 'individual' and mine.period = ${period} and mine.subject_id = u.id
    where u.id = ${userId}
  `.execute(db);
  return rows[0];
}

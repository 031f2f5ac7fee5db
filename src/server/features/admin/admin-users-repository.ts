import { type Kysely, NoResultError, sql, type Transaction } from "kysely";
import type { AdminUser } from "../../../shared/schemas/admin.js";
import type { Role } from "../../../shared/schemas/roles.js";
import { likeEscaped } from "../../platform/db/like.js";
import { onePage, pageWindow } from "../../platform/db/paging.js";
import type { DB } from "../../platform/db/schema.js";
import { lockPerson } from "../users/index.js";
import { people, personRoles } from "../users/read-models.js";
import { boardCounts, personTotals } from "../scan/read-models.js";

export type UserOrder = "acts" | "newest";

const columns = [
  "u.id",
  "u.username",
  "u.email",
  "u.country",
  "u.is_official",
  "u.suspended_at",
  "u.created_at",
  sql<number>`coalesce(s.total_acts, 0)`.as("total_acts"),
] as const;

/**
 * One page of members. With a search: usernames or addresses starting with
 * it (two prefix indexes). Without: by acts (the all-time board's rank
 * index; members without acts appear only in "newest" order) or newest
 * first (the created_at index).
 */
export async function listUsers(db: Kysely<DB>, options: { q: string; order: UserOrder; page: number; pageSize: number }) {
  const { q, order, page, pageSize } = options;
  const { limit, offset } = pageWindow(page, pageSize);
  let rows;
  if (q) {
    const prefix = `${likeEscaped(q.toLowerCase())}%`;
    rows = await db
      .selectFrom(people.from(db).as("u"))
      .leftJoin(personTotals.from(db).as("s"), "s.user_id", "u.id")
      .select(columns)
      .where((eb) => eb.or([eb(sql`lower(u.username)`, "like", prefix), eb(sql`lower(u.email)`, "like", prefix)]))
      .orderBy(sql`lower(u.username)`)
      .limit(limit)
      .offset(offset)
      .execute();
  } else if (order === "acts") {
    // Ordered by the person's all-time board row (numbered acts, on the
    // boards' rank index): an index on user_stats' totals would cost every
    // scan an index write (issue 29).
    rows = await db
      .selectFrom(boardCounts.from(db).as("b"))
      .innerJoin(people.from(db).as("u"), "u.id", "b.subject_id")
      .leftJoin(personTotals.from(db).as("s"), "s.user_id", "u.id")
      .select(columns)
      .where("b.scope", "=", "individual")
      .where("b.period", "=", "all")
      .where("b.acts", ">", 0)
      .orderBy("b.acts", "desc")
      .orderBy("b.subject_id")
      .limit(limit)
      .offset(offset)
      .execute();
  } else {
    rows = await db
      .selectFrom(people.from(db).as("u"))
      .leftJoin(personTotals.from(db).as("s"), "s.user_id", "u.id")
      .select(columns)
      .orderBy("u.created_at", "desc")
      .orderBy("u.id")
      .limit(limit)
      .offset(offset)
      .execute();
  }
  const { items: pageRows, hasMore } = onePage(rows, pageSize);
  const roles = pageRows.length
    ? await db
        .selectFrom(personRoles.from(db).as("user_roles"))
        .select(["user_id", "role"])
        .where(
          "user_id",
          "in",
          pageRows.map((row) => row.id),
        )
        .orderBy("role")
        .execute()
    : [];
  const items: AdminUser[] = pageRows.map((row) => ({
    id: row.id,
    username: row.username,
    email: row.email,
    country: row.country,
    totalActs: Number(row.total_acts),
    roles: roles.filter((r) => r.user_id === row.id).map((r) => r.role as Role),
    isOfficial: row.is_official,
    suspended: row.suspended_at !== null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
  return { items, hasMore };
}

export async function lockUser(trx: Transaction<DB>, userId: string) {
  // No such person: the caller answers not_found; any other failure is the database's and goes up.
  return lockPerson(trx, userId, "update").catch((error: unknown) => {
    if (error instanceof NoResultError) return undefined;
    throw error;
  });
}

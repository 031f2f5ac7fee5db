import { sql, type RawBuilder } from "kysely";

/**
 * The boards of the groups an act's author was in when the act was made (a
 * team's). Another feature keeps the groups and reads the acts' boards (teams
 * do), so the engine cannot import it: that feature gives the engine, once at
 * start (bootstrap.ts, `countGroupBoards`), the relation of its memberships
 * over time, and the engine counts each act into the groups' boards with the
 * person's, the organisation's and the country's, in the same statement and
 * under the same lock (act-numbering-repository.ts), and checks them the same
 * way (reconcile/aggregate-definitions.ts).
 *
 * A relation's columns: `scope` (the board's), `subject_id` (the group),
 * `user_id`, `from_at` and `until_at` (null while still in): an act made at
 * t counts for the memberships with from_at <= t < until_at.
 */
export type GroupMemberships = RawBuilder<{
  scope: string;
  subject_id: string;
  user_id: string;
  from_at: Date;
  until_at: Date | null;
}>;

let given: GroupMemberships[] = [];
/** Set once the engine built a statement from the relations: a later change would not reach it. */
let read = false;

/** Gives the engine the groups' memberships (bootstrap.ts, before the first act is counted). */
export function countGroupBoards(relations: GroupMemberships[]): void {
  const same = relations.length === given.length && relations.every((relation, index) => relation === given[index]);
  if (same) return;
  if (read) throw new Error("The groups' boards were given after the engine built its statements: give them at start (bootstrap.ts)");
  given = relations;
}

/**
 * The memberships of every group, as one relation (aliased by the caller);
 * no rows when no feature gave any.
 */
export function groupMemberships(): RawBuilder<unknown> {
  read = true;
  if (given.length === 0) {
    return sql`(select null::text as scope, null::text as subject_id, null::text as user_id, null::timestamptz as from_at, null::timestamptz as until_at where false)`;
  }
  return sql`(${sql.join(
    given.map((relation) => sql`select scope, subject_id, user_id, from_at, until_at from (${relation}) g`),
    sql` union all `,
  )})`;
}

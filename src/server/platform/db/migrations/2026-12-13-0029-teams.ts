import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Walking teams and work teams (issue 43 §1–2).
 *
 * - teams: a name unique among the open teams of its kind (name_key: the
 *   name folded to compare), an owner (user_id, the column moderation shares
 *   with messages and posts), an optional join password (hashed like any
 *   password) and an invite link derived from the server's secret and
 *   invite_version (nothing to steal from the table; a new version revokes
 *   the old link). A work team may belong to an organisation. closed_at once
 *   its last member left or the official account closed it. The moderation
 *   columns let the official account hide a reported name.
 * - team_members: one row per membership, kept after it ends (left_at), so
 *   an act counts for the team its author belonged to when it was made,
 *   before and after they leave. One open membership per person and kind.
 * - A team's acts are counted in leaderboard_counts (scopes walking_team and
 *   work_team), by the numbering step, like every other board.
 * - team_challenge_reached: the months a team reached its challenge (its
 *   celebration and notice are sent once).
 * - content_reports and moderation_actions may now concern a team's name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("teams")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('walking', 'work')`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id"))
    .addColumn("organization_id", "text", (c) => c.references("organizations.id").onDelete("set null"))
    .addColumn("password_hash", "text")
    .addColumn("invite_version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("monthly_target", "integer")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("closed_at", "timestamptz")
    .addColumn("closed_reason", "text")
    .addColumn("hidden_at", "timestamptz")
    .addColumn("hidden_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("hidden_reason", "text")
    .execute();
  await sql`create unique index teams_open_name on teams (kind, name_key) where closed_at is null`.execute(db);
  await sql`create index teams_organization_idx on teams (organization_id) where organization_id is not null and closed_at is null`.execute(
    db,
  );

  await db.schema
    .createTable("team_members")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('walking', 'work')`))
    .addColumn("joined_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("left_at", "timestamptz")
    .addColumn("left_reason", "text")
    .execute();
  await sql`create unique index team_members_one_open_per_kind on team_members (user_id, kind) where left_at is null`.execute(db);
  await sql`create index team_members_open_team_idx on team_members (team_id, joined_at) where left_at is null`.execute(db);
  await sql`create index team_members_user_idx on team_members (user_id, joined_at)`.execute(db);

  await db.schema
    .createTable("team_challenge_reached")
    .addColumn("team_id", "text", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("goal", "integer", (c) => c.notNull())
    .addColumn("reached_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("team_challenge_reached_pkey", ["team_id", "month"])
    .execute();

  for (const table of ["content_reports", "moderation_actions"]) {
    const { rows } = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = ${sql.lit(table)}::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%content_type%'`.execute(db);
    for (const { conname } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_content_type_check`)}
      check (content_type in ('message', 'post', 'thanks', 'team'))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from content_reports where content_type = 'team'`.execute(db);
  await sql`delete from moderation_actions where content_type = 'team'`.execute(db);
  for (const table of ["content_reports", "moderation_actions"]) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(`${table}_content_type_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_content_type_check`)}
      check (content_type in ('message', 'post', 'thanks'))`.execute(db);
  }
  await sql`delete from leaderboard_counts where scope in ('walking_team', 'work_team')`.execute(db);
  await db.schema.dropTable("team_challenge_reached").execute();
  await db.schema.dropTable("team_members").execute();
  await db.schema.dropTable("teams").execute();
}

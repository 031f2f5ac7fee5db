import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// Servers keep recently checked sessions in memory for a few seconds. When a
// session ends (sign-out, "end other sessions", a password reset) or changes,
// the database tells every server on the channel `kindly_sessions_<schema>`,
// naming the user, so none of them accepts it a moment longer.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function sessions_announce_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('kindly_sessions_' || tg_table_schema, old.user_id);
      return null;
    end $$`.execute(db);
  await sql`create trigger sessions_announce_change after update or delete on sessions
            for each row execute function sessions_announce_change()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists sessions_announce_change on sessions`.execute(db);
  await sql`drop function if exists sessions_announce_change()`.execute(db);
}

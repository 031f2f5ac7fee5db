import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// The home page shows how many members Kindly has. Counting the users table
// on every visit grows with membership; this one-row count is kept by the
// database itself on every insert and delete, whichever code path does them
// (better-auth, the CLI, tests).
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("user_count")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("users", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into user_count (id, users) select 1, count(*) from users`.execute(db);
  await sql`
    create function user_count_follow() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update user_count set users = users + (select count(*) from changed_rows) where id = 1;
      else
        update user_count set users = users - (select count(*) from changed_rows) where id = 1;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger users_counted_on_insert after insert on users referencing new table as changed_rows
            for each statement execute function user_count_follow()`.execute(db);
  await sql`create trigger users_counted_on_delete after delete on users referencing old table as changed_rows
            for each statement execute function user_count_follow()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists users_counted_on_insert on users`.execute(db);
  await sql`drop trigger if exists users_counted_on_delete on users`.execute(db);
  await sql`drop function if exists user_count_follow()`.execute(db);
  await db.schema.dropTable("user_count").ifExists().execute();
}

import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
export async function up(db: Kysely<any>): Promise<void> {
  // Thanks from someone who recorded an act with a portable card to the
  // person who held that card before them: one per act, an optional note
  // that moderation can hide like a chat message.
  await db.schema
    .createTable("thanks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("act_id", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("giver_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("show_username", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("hidden_at", "timestamptz")
    .addColumn("hidden_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("hidden_reason", "text")
    .execute();
  await sql`create index thanks_giver_idx on thanks (giver_id, created_at desc)`.execute(db);
  await sql`create index thanks_sender_day_idx on thanks (user_id, created_at)`.execute(db);
  // Reports and moderation actions now also concern thanks.
  for (const table of ["content_reports", "moderation_actions"]) {
    const { rows } = await sql<{ conname: string }>`
      select conname from pg_constraint
      where conrelid = ${sql.lit(table)}::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%content_type%'`.execute(db);
    for (const { conname } of rows) await sql`alter table ${sql.table(table)} drop constraint ${sql.ref(conname)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.ref(`${table}_content_type_check`)}
      check (content_type in ('message', 'post', 'thanks'))`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("thanks").execute();
}

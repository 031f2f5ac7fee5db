import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * Work a write must do after answering, queued in the write's own
 * transaction and drained by every server process (platform/jobs/task-queue.ts,
 * issue 62 §2): a crash between the answer and the delivery loses nothing.
 * `run_after` is when a task is next due (leased while it runs, later after a
 * failed try, 'infinity' once given up); `attempts` counts the tries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("queued_tasks")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "jsonb", (c) => c.notNull())
    .addColumn("run_after", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index queued_tasks_due on queued_tasks (run_after, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("queued_tasks").execute();
}

import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * One row per attempt at a training module's quiz or at the policy or
 * harassment quiz (issue 31). The server draws the attempt's questions from
 * the subject's pool and shuffles their options when the attempt starts;
 * `questions` keeps that draw ([{ "id": "c2.3", "order": [2, 0, 3, 1] }],
 * `order[shown position]` = the option's place in the pool), so the answers
 * are graded against what the person was shown, once (`graded_at`), and the
 * next attempt can draw other questions.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("learning_attempts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("questions", "jsonb", (c) => c.notNull())
    .addColumn("started_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("graded_at", "timestamptz")
    .addColumn("score", "integer")
    .execute();
  await sql`create index learning_attempts_person_idx on learning_attempts (user_id, subject, started_at desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("learning_attempts").execute();
}

import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A billion acts (issue 62 §1): how many acts each person made at each
 * organisation, kept by the numbering step like every other aggregate. The
 * profile's "top organisations" read every act its person ever made (a
 * Bitmap Heap Scan over 9,270 acts and 8,664 buffers for a heavy user at
 * 3 M acts); it now reads this person's few rows, in the index's order.
 * Filled here from the acts as they are.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("person_organization_counts")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("acts", "integer", (c) => c.notNull())
    .addColumn("first_at", "timestamptz", (c) => c.notNull())
    .addColumn("last_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("person_organization_counts_pkey", ["user_id", "organization_id"])
    .execute();
  await sql`create index person_organization_counts_top on person_organization_counts (user_id, acts desc)`.execute(db);
  await sql`create index person_organization_counts_recent on person_organization_counts (organization_id, last_at) include (first_at, acts)`.execute(
    db,
  );
  await sql`
    insert into person_organization_counts (user_id, organization_id, acts, first_at, last_at)
    select user_id, organization_id, count(*)::int, min(scanned_at), max(scanned_at) from acts where user_id is not null group by 1, 2`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("person_organization_counts").execute();
}

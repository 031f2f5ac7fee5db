import type { Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A billion acts (issue 62 §1): the dashboard's period (7, 30 or 90 days)
 * was summed from its hourly and per-place counts on every request: 14,471
 * per-place rows and 1,900 hourly rows for an organisation with 500 K acts
 * (4 ms of the database's time, growing with its places × days until every
 * cell is filled). The days before yesterday do not change but for acts
 * counted into them late (an offline scan synced days later, a void, a
 * manual batch, a repair): their sums are kept once per organisation, period
 * and day (organization_period_figures, the organisations feature's), and a
 * request adds yesterday's and today's counts to them.
 *
 * organization_closed_day_changes (the scan feature's) counts, per
 * organisation, the statements that counted acts into a day already over;
 * kept sums carry the count they were made at, and are made again when it
 * moved. Both are read in one statement, so a kept sum never misses an act.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("organization_closed_day_changes")
    .addColumn("organization_id", "text", (c) => c.primaryKey())
    .addColumn("changes", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("organization_period_figures")
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("days", "smallint", (c) => c.notNull())
    .addColumn("through", "date", (c) => c.notNull())
    .addColumn("changes", "bigint", (c) => c.notNull())
    .addColumn("figures", "jsonb", (c) => c.notNull())
    .addPrimaryKeyConstraint("organization_period_figures_pkey", ["organization_id", "days"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("organization_period_figures").execute();
  await db.schema.dropTable("organization_closed_day_changes").execute();
}

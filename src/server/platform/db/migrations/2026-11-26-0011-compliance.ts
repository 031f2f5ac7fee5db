import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// The employer's side of the workplace area: survey periods kept as history,
// results published in steps, the action plan linked to red flags, the
// verification schedule, internal audits, manager training, telework.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("wellbeing_surveys")
    .addColumn("opened_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("invitations_sent_at", "timestamptz")
    .addColumn("reminder_sent_at", "timestamptz")
    .execute();

  // What the results show of a survey: the tallies as they were when the
  // count last grew by five or more. Two published figures never differ by
  // fewer than five people, so comparing them cannot single anyone out.
  await db.schema
    .createTable("survey_published_tallies")
    .addColumn("survey_id", "text", (c) => c.primaryKey().references("wellbeing_surveys.id").onDelete("cascade"))
    .addColumn("responses", "integer", (c) => c.notNull().check(sql`responses >= 5`))
    .addColumn("counts", sql`integer[]`, (c) => c.notNull().check(sql`cardinality(counts) = 60`))
    .addColumn("published_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // A closed period's aggregate, kept as history. Figures are null when
  // fewer than five people answered: the period is listed, nothing more.
  await db.schema
    .createTable("survey_aggregates")
    .addColumn("survey_id", "text", (c) => c.primaryKey().references("wellbeing_surveys.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("period_start", "date", (c) => c.notNull())
    .addColumn("period_end", "date", (c) => c.notNull())
    .addColumn("responses", "integer", (c) => c.notNull())
    .addColumn("employees_with_access", "integer", (c) => c.notNull())
    .addColumn("participation_percent", "integer")
    .addColumn("overall_score", sql`numeric(3, 1)`)
    .addColumn("category_averages", "jsonb")
    .addColumn("question_scores", "jsonb")
    .addColumn("red_flags", "jsonb")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("survey_aggregates_threshold", sql`(responses >= 5) = (overall_score is not null)`)
    .execute();
  await sql`create index survey_aggregates_org_idx on survey_aggregates (organization_id, period_start desc)`.execute(db);

  // An action can answer a red flag of one period; the next period tells whether it helped.
  await db.schema
    .alterTable("sst_committee_action_items")
    .addColumn("survey_id", "text", (c) => c.references("wellbeing_surveys.id").onDelete("set null"))
    .addColumn("flag_category", "text")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await sql`create index sst_committee_action_items_created_idx on sst_committee_action_items (organization_id, created_at desc)`.execute(
    db,
  );

  await db.schema
    .createTable("verification_schedules")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("verification_date", "date", (c) => c.notNull())
    .addColumn("responsible_person", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("planned")
        .check(sql`status in ('planned', 'done')`),
    )
    .addColumn("done_at", "timestamptz")
    .addColumn("done_note", "text")
    .addUniqueConstraint("verification_schedules_once", ["organization_id", "verification_date"])
    .execute();

  await db.schema
    .createTable("internal_audits")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("stress_reduction", "smallint", (c) => c.notNull().check(sql`stress_reduction between 1 and 5`))
    .addColumn("engagement", "smallint", (c) => c.notNull().check(sql`engagement between 1 and 5`))
    .addColumn("submitted_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index internal_audits_org_idx on internal_audits (organization_id, created_at desc)`.execute(db);

  // Manager training is a quiz like the others, taken by the organisation's members.
  await sql`alter table quiz_results drop constraint quiz_results_quiz_id_check`.execute(db);
  await sql`alter table quiz_results add constraint quiz_results_quiz_id_check check (quiz_id in ('policy', 'harassment', 'manager'))`.execute(
    db,
  );

  // Telework: the employee says so in the workplace area; the employer records what it does for them.
  await db.schema
    .alterTable("workplace_access")
    .addColumn("remote_work", "boolean", (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema
    .createTable("telework_inclusion_actions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index telework_inclusion_actions_org_idx on telework_inclusion_actions (organization_id, user_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("telework_inclusion_actions").execute();
  await db.schema.alterTable("workplace_access").dropColumn("remote_work").execute();
  await sql`alter table quiz_results drop constraint quiz_results_quiz_id_check`.execute(db);
  await sql`alter table quiz_results add constraint quiz_results_quiz_id_check check (quiz_id in ('policy', 'harassment'))`.execute(db);
  await db.schema.dropTable("internal_audits").execute();
  await db.schema.dropTable("verification_schedules").execute();
  await db.schema
    .alterTable("sst_committee_action_items")
    .dropColumn("survey_id")
    .dropColumn("flag_category")
    .dropColumn("created_by")
    .execute();
  await db.schema.dropTable("survey_aggregates").execute();
  await db.schema.dropTable("survey_published_tallies").execute();
  await db.schema
    .alterTable("wellbeing_surveys")
    .dropColumn("opened_by")
    .dropColumn("invitations_sent_at")
    .dropColumn("reminder_sent_at")
    .execute();
}

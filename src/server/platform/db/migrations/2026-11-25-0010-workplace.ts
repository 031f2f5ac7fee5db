import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// The workplace well-being area: employers' access codes and who holds
// access, the anonymous climate survey, training, quizzes and certificates,
// policy files, and the health-and-safety committee.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("workplace_access_codes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("max_uses", "integer", (c) => c.notNull().check(sql`max_uses > 0`))
    // Counted in the transaction that grants access; never beyond the maximum.
    .addColumn("current_uses", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`current_uses >= 0`),
    )
    .addColumn("expires_at", "timestamptz")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("workplace_access_codes_uses", sql`current_uses <= max_uses`)
    .execute();
  await sql`create index workplace_access_codes_org_idx on workplace_access_codes (organization_id, created_at desc)`.execute(db);

  // One employer per person at a time.
  await db.schema
    .createTable("workplace_access")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("access_code_id", "text", (c) => c.references("workplace_access_codes.id").onDelete("set null"))
    .addColumn("granted_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index workplace_access_org_idx on workplace_access (organization_id, granted_at desc)`.execute(db);

  await db.schema
    .createTable("wellbeing_surveys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("survey_type", "text", (c) =>
      c
        .notNull()
        .defaultTo("climate")
        .check(sql`survey_type in ('climate')`),
    )
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("results_shared", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("period_start", "date", (c) => c.notNull())
    .addColumn("period_end", "date", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("closed_at", "timestamptz")
    .execute();
  await sql`create unique index wellbeing_surveys_one_active on wellbeing_surveys (organization_id, survey_type) where is_active`.execute(
    db,
  );
  // Who answered, for "already completed" only.
  await db.schema
    .createTable("survey_respondents")
    .addColumn("survey_id", "text", (c) => c.notNull().references("wellbeing_surveys.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("survey_respondents_pk", ["survey_id", "user_id"])
    .execute();
  // The answers exist only as running tallies: for each question and each
  // of its five positions, how many chose it, spread over a few shards so
  // that simultaneous answers do not queue on one row. No row holds one
  // person's answers, so nothing (not a time, an order or a transaction id)
  // can pair a respondent with what they answered.
  await db.schema
    .createTable("survey_answer_tallies")
    .addColumn("survey_id", "text", (c) => c.notNull().references("wellbeing_surveys.id").onDelete("cascade"))
    .addColumn("shard", "smallint", (c) => c.notNull())
    .addColumn("responses", "integer", (c) => c.notNull())
    // counts[question × 5 + position] (1-based in SQL), 12 questions × 5 positions.
    .addColumn("counts", sql`integer[]`, (c) => c.notNull().check(sql`cardinality(counts) = 60`))
    .addPrimaryKeyConstraint("survey_answer_tallies_pk", ["survey_id", "shard"])
    .execute();

  await db.schema
    .createTable("training_completions")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("module_id", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("score", "integer")
    .addColumn("passed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("completed_at", "timestamptz")
    .addPrimaryKeyConstraint("training_completions_pk", ["user_id", "module_id"])
    .execute();
  await db.schema
    .createTable("quiz_results")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("quiz_id", "text", (c) => c.notNull().check(sql`quiz_id in ('policy', 'harassment')`))
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("score", "integer")
    .addColumn("passed_at", "timestamptz")
    .addPrimaryKeyConstraint("quiz_results_pk", ["user_id", "organization_id", "quiz_id"])
    .execute();
  // A perfect policy quiz is the employee's acknowledgment of the employer's policies.
  await db.schema
    .createTable("policy_acknowledgments")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("quiz_score", "integer", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("acknowledged_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("policy_acknowledgments_pk", ["user_id", "organization_id"])
    .execute();
  await db.schema
    .createTable("certificates")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('training', 'policy', 'harassment', 'manager')`))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    // As printed: the names on the day it was issued.
    .addColumn("holder_name", "text", (c) => c.notNull())
    .addColumn("employer_name", "text", (c) => c.notNull())
    .addColumn("completed_at", "timestamptz", (c) => c.notNull())
    .addColumn("score", "integer")
    .addColumn("attempts", "integer")
    .addColumn("issued_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("certificates_once", ["user_id", "organization_id", "kind"])
    .execute();

  await db.schema
    .createTable("workplace_policy_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("storage_key", "text", (c) => c.notNull())
    .addColumn("file_size", "integer", (c) => c.notNull())
    .addColumn("uploaded_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("uploaded_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`create index workplace_policy_files_org_idx on workplace_policy_files (organization_id, uploaded_at desc) where is_active`.execute(
    db,
  );

  await db.schema
    .createTable("sst_committee_members")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("contact_email", "text")
    .addColumn("contact_phone", "text")
    .addColumn("elected_date", "date", (c) => c.notNull())
    .addColumn("term_end_date", "date")
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sst_committee_members_org_idx on sst_committee_members (organization_id, elected_date desc)`.execute(db);
  await db.schema
    .createTable("sst_committee_meetings")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("meeting_date", "date", (c) => c.notNull())
    .addColumn("key_decisions", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sst_committee_meetings_org_idx on sst_committee_meetings (organization_id, meeting_date desc)`.execute(db);
  await db.schema
    .createTable("sst_committee_action_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("priority", "text", (c) =>
      c
        .notNull()
        .defaultTo("medium")
        .check(sql`priority in ('critical', 'high', 'medium', 'low')`),
    )
    .addColumn("due_date", "date")
    .addColumn("assigned_to", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'in_progress', 'completed')`),
    )
    .addColumn("completed_date", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index sst_committee_action_items_org_idx on sst_committee_action_items (organization_id, status, due_date)`.execute(db);
  // Anonymous feedback keeps no link to its author (the check makes sure).
  await db.schema
    .createTable("sst_committee_feedback")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().check(sql`category in ('safety', 'health', 'wellbeing', 'other')`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("submitted")
        .check(sql`status in ('submitted', 'pending', 'reviewed')`),
    )
    .addColumn("is_anonymous", "boolean", (c) => c.notNull())
    .addColumn("response", "text")
    .addColumn("reviewed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("sst_committee_feedback_anonymous", sql`is_anonymous = (user_id is null)`)
    .execute();
  await sql`create index sst_committee_feedback_org_idx on sst_committee_feedback (organization_id, created_at desc)`.execute(db);
  await sql`create index sst_committee_feedback_user_idx on sst_committee_feedback (user_id) where user_id is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "sst_committee_feedback",
    "sst_committee_action_items",
    "sst_committee_meetings",
    "sst_committee_members",
    "workplace_policy_files",
    "certificates",
    "policy_acknowledgments",
    "quiz_results",
    "training_completions",
    "survey_answer_tallies",
    "survey_respondents",
    "wellbeing_surveys",
    "workplace_access",
    "workplace_access_codes",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}

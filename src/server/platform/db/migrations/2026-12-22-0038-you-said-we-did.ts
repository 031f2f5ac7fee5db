import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * "You said, we did" (issue 47 §6). An action of the plan that answers a
 * survey's red flag can be published to employees: the words the employer
 * reviewed, and when. The next survey opened asks, after its standard
 * questions, whether each action published since helped: its follow-ups keep
 * what was asked (the words as published then, the red flag's category) at
 * their place after the standard questions, and each action is asked about
 * once. A closed period keeps the follow-ups' averages beside its other figures.
 * Tallies hold the follow-ups' answers after the standard questions' 60
 * counts (12 questions × 5 points): up to 3 follow-ups, 5 counts each.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sst_committee_action_items add column published_text text, add column published_at timestamptz`.execute(db);
  await sql`
    create table survey_follow_ups (
      survey_id text not null references wellbeing_surveys (id) on delete cascade,
      position integer not null check (position >= 0),
      action_id text references sst_committee_action_items (id) on delete set null,
      category text not null,
      text text not null,
      primary key (survey_id, position)
    )
  `.execute(db);
  await sql`create unique index survey_follow_ups_once on survey_follow_ups (action_id) where action_id is not null`.execute(db);
  await sql`alter table survey_aggregates add column follow_up_scores jsonb not null default '{}'`.execute(db);
  for (const table of ["survey_answer_tallies", "survey_published_tallies"]) {
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_counts_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_counts_check`)}
      check (cardinality(counts) between 60 and 75 and cardinality(counts) % 5 = 0)`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["survey_answer_tallies", "survey_published_tallies"]) {
    // Follow-ups' answers go with them: the standard questions' 60 counts stay.
    await sql`update ${sql.table(table)} set counts = counts[1:60] where cardinality(counts) > 60`.execute(db);
    await sql`alter table ${sql.table(table)} drop constraint ${sql.id(`${table}_counts_check`)}`.execute(db);
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_counts_check`)} check (cardinality(counts) = 60)`.execute(
      db,
    );
  }
  await sql`alter table survey_aggregates drop column follow_up_scores`.execute(db);
  await sql`drop table survey_follow_ups`.execute(db);
  await sql`alter table sst_committee_action_items drop column published_text, drop column published_at`.execute(db);
}

import { sql, type Kysely } from "kysely";
import type { DB } from "../../db/schema.js";

export async function findActiveSurvey(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("wellbeing_surveys")
    .select(["id", "period_start", "period_end", "results_shared"])
    .where("organization_id", "=", organizationId)
    .where("survey_type", "=", "climate")
    .where("is_active", "=", true)
    .executeTakeFirst();
}

export async function hasAnswered(db: Kysely<DB>, surveyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("survey_respondents")
    .select("user_id")
    .where("survey_id", "=", surveyId)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Records one response in one statement: only for someone holding access
 * with the survey's organisation while it is open, once (the respondent
 * row's key), with the answers stored apart under a random id. Returns
 * false when nothing was written; the caller finds out why.
 */
export async function insertResponse(
  db: Kysely<DB>,
  values: { id: string; surveyId: string; userId: string; answers: number[] },
): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    with open_survey as (
      select s.id from wellbeing_surveys s
      join workplace_access a on a.organization_id = s.organization_id and a.user_id = ${values.userId}
      where s.id = ${values.surveyId} and s.is_active
    ), respondent as (
      insert into survey_respondents (survey_id, user_id)
      select id, ${values.userId} from open_survey
      on conflict do nothing
      returning survey_id
    )
    insert into survey_responses (id, survey_id, answers)
    select ${values.id}, survey_id, ${sql.val(values.answers)}::smallint[] from respondent
    returning id`.execute(db);
  return rows.length === 1;
}

export async function countResponses(db: Kysely<DB>, surveyId: string): Promise<number> {
  const row = await db
    .selectFrom("survey_responses")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("survey_id", "=", surveyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every response's answers, in no particular order (never with anything else). */
export async function responseAnswers(db: Kysely<DB>, surveyId: string): Promise<number[][]> {
  const rows = await db.selectFrom("survey_responses").select("answers").where("survey_id", "=", surveyId).execute();
  return rows.map((row) => row.answers);
}

/** Opens a survey for a period (the employer-side screens call this; tests and the demo do too). */
export async function insertSurvey(
  db: Kysely<DB>,
  values: { id: string; organizationId: string; periodStart: string; periodEnd: string; resultsShared: boolean },
): Promise<void> {
  await db
    .insertInto("wellbeing_surveys")
    .values({
      id: values.id,
      organization_id: values.organizationId,
      period_start: values.periodStart,
      period_end: values.periodEnd,
      results_shared: values.resultsShared,
    })
    .execute();
}

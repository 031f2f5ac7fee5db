import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import { prepared } from "../../platform/db/prepared.js";
import {
  FOLLOW_UPS_MAX,
  MIN_RESPONSES_FOR_RESULTS,
  RESULTS_STEP,
  SCALE_POINTS,
  SURVEY_QUESTIONS,
} from "../../../shared/workplace/climate-survey.js";
import { publishedOrganizations } from "../organizations/read-models.js";

/** When the organisation started: the survey schedule keeps its rhythm. */
export async function organizationCreatedAt(db: Kysely<DB>, organizationId: string): Promise<Date> {
  const org = await db
    .selectFrom(publishedOrganizations.from(db).as("organization"))
    .select("created_at")
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
  return new Date(org.created_at);
}

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

/** Tally rows per survey: enough that 50 people answering at once rarely wait for each other. */
export const TALLY_SHARDS = 16;

/**
 * Records one response in one statement (prepared): only for someone holding
 * access with the survey's organisation while it is open, with one answer
 * per question it asks (its standard questions and its follow-ups), once
 * (the respondent row's key), adding the answers to one shard's tallies.
 * `expected` is the number of answers the open survey asks (null when it is
 * not open to this person); the caller finds out why nothing was written.
 */
export async function insertResponse(
  db: Kysely<DB>,
  values: { surveyId: string; userId: string; shard: number; delta: number[]; answers: number },
): Promise<{ recorded: boolean; expected: number | null }> {
  const { rows } = await recordResponse.execute(db, values);
  return { recorded: rows[0]!.recorded, expected: rows[0]!.expected };
}

// writes: survey_respondents, survey_answer_tallies
const recordResponse = prepared<{ surveyId: string; userId: string; shard: number; delta: number[]; answers: number }>()(
  "survey_record_response",
  (_, p) => sql<{ recorded: boolean; expected: number | null }>`
    with survey as (
      select s.id, ${SURVEY_QUESTIONS.length}::int + (select count(*)::int from survey_follow_ups f where f.survey_id = s.id) as expected
      from wellbeing_surveys s
      join workplace_access a on a.organization_id = s.organization_id and a.user_id = ${p.userId}
      where s.id = ${p.surveyId} and s.is_active
    ), respondent as (
      insert into survey_respondents (survey_id, user_id)
      select id, ${p.userId} from survey where expected = ${p.answers}::int
      on conflict do nothing
      returning survey_id
    ), tallied as (
      insert into survey_answer_tallies as t (survey_id, shard, responses, counts)
      select survey_id, ${p.shard}::int, 1, ${p.delta}::integer[] from respondent
      on conflict (survey_id, shard) do update set
        responses = t.responses + 1,
        counts = (select array_agg(old + new order by i) from unnest(t.counts, excluded.counts) with ordinality as pair(old, new, i))
      returning survey_id
    )
    select exists (select 1 from tallied) as recorded, (select expected from survey) as expected`,
);

/** A survey's tallies, summed over its shards. */
export async function surveyTallies(db: Kysely<DB>, surveyId: string): Promise<{ responses: number; counts: number[] }> {
  const rows = await db.selectFrom("survey_answer_tallies").select(["responses", "counts"]).where("survey_id", "=", surveyId).execute();
  // Every response of a survey has as many answers: its standard questions and its follow-ups.
  const counts = Array.from({ length: Math.max(SURVEY_QUESTIONS.length * SCALE_POINTS, ...rows.map((row) => row.counts.length)) }, () => 0);
  let responses = 0;
  for (const row of rows) {
    responses += row.responses;
    row.counts.forEach((count, i) => (counts[i]! += Number(count)));
  }
  return { responses, counts };
}

/** Opens a survey for a period (the employer-side screens call this; tests and the demo do too). */
export async function insertSurvey(
  db: Kysely<DB>,
  values: { id: string; organizationId: string; periodStart: string; periodEnd: string; resultsShared: boolean; openedBy?: string },
): Promise<void> {
  await db
    .insertInto("wellbeing_surveys")
    .values({
      id: values.id,
      organization_id: values.organizationId,
      period_start: values.periodStart,
      period_end: values.periodEnd,
      results_shared: values.resultsShared,
      opened_by: values.openedBy ?? null,
    })
    .execute();
}

/**
 * Publishes the survey's current tallies when they hold at least RESULTS_STEP
 * more responses than the published ones (or MIN_RESPONSES_FOR_RESULTS, the
 * first time), in one statement: two readers at once cannot publish figures
 * less than a step apart from each other's. Returns what is published now, if anything.
 */
export async function publishedTallies(db: Kysely<DB>, surveyId: string): Promise<{ responses: number; counts: number[] } | undefined> {
  // Most reads find nothing new to publish: a plain read answers them, without the upsert's row lock.
  const { rows: seen } = await sql<{ current: number; responses: number | null; counts: number[] | null }>`
    select coalesce((select sum(responses)::int from survey_answer_tallies where survey_id = ${surveyId}), 0) as current,
           p.responses, p.counts
    from (select 1) as one left join survey_published_tallies p on p.survey_id = ${surveyId}`.execute(db);
  const now = seen[0]!;
  if (now.current < Math.max(MIN_RESPONSES_FOR_RESULTS, (now.responses ?? 0) + RESULTS_STEP)) {
    return now.responses === null ? undefined : { responses: now.responses, counts: now.counts!.map(Number) };
  }
  const { rows } = await sql<{ responses: number; counts: number[] }>`
    with current as (
      select sum(responses)::int as responses,
             (select array_agg(total order by i) from (
               select i, sum(c)::int as total from survey_answer_tallies t2, unnest(t2.counts) with ordinality as u(c, i)
               where t2.survey_id = ${surveyId} group by i) per_position) as counts
      from survey_answer_tallies where survey_id = ${surveyId}
    ), published as (
      insert into survey_published_tallies as p (survey_id, responses, counts)
      select ${surveyId}, responses, counts from current where responses >= ${MIN_RESPONSES_FOR_RESULTS}
      on conflict (survey_id) do update set responses = excluded.responses, counts = excluded.counts, published_at = now()
        where p.responses <= excluded.responses - ${RESULTS_STEP}
      returning responses, counts
    )
    select responses, counts from published
    union all
    select responses, counts from survey_published_tallies where survey_id = ${surveyId} and not exists (select 1 from published)`.execute(
    db,
  );
  const row = rows[0];
  return row ? { responses: row.responses, counts: row.counts.map(Number) } : undefined;
}

/** What a survey asks after its standard questions, in order: did each action published since the last survey help? */
export async function followUpsOf(db: Kysely<DB>, surveyId: string) {
  return db
    .selectFrom("survey_follow_ups")
    .select(["position", "category", "text", "action_id"])
    .where("survey_id", "=", surveyId)
    .orderBy("position")
    .execute();
}

/**
 * A new survey asks about the actions published since the last one (each
 * once, the newest first, FOLLOW_UPS_MAX at most), in the words employees
 * read then: in the transaction that opens it.
 */
export async function insertFollowUps(trx: Transaction<DB>, surveyId: string, organizationId: string): Promise<void> {
  await sql`
    insert into survey_follow_ups (survey_id, position, action_id, category, text)
    select ${surveyId}, (row_number() over (order by published_at desc, id))::int - 1, id, flag_category, published_text
    from (
      select a.id, a.flag_category, a.published_text, a.published_at from sst_committee_action_items a
      where a.organization_id = ${organizationId} and a.published_at is not null and a.flag_category is not null
        and not exists (select 1 from survey_follow_ups f where f.action_id = a.id)
      order by a.published_at desc, a.id
      limit ${FOLLOW_UPS_MAX}
    ) chosen`.execute(trx);
}

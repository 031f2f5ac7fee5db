import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { publishedOrganizations } from "../../organizations/read-models.js";
import { notificationPreferences } from "../../notifications/read-models.js";

/** Every survey period of an organisation (or just one) with its kept aggregate, newest first. */
export async function surveyPeriods(db: Kysely<DB>, organizationId: string, onlySurveyId?: string) {
  let query = db
    .selectFrom("wellbeing_surveys as s")
    .leftJoin("survey_aggregates as a", "a.survey_id", "s.id")
    .select([
      "s.id",
      "s.period_start",
      "s.period_end",
      "s.is_active",
      "s.results_shared",
      "s.invitations_sent_at",
      "s.reminder_sent_at",
      "s.closed_at",
      "a.responses",
      "a.employees_with_access",
      "a.participation_percent",
      "a.overall_score",
      "a.category_averages",
      "a.question_scores",
      "a.red_flags",
      "a.follow_up_scores",
    ])
    .where("s.organization_id", "=", organizationId)
    .orderBy("s.period_start", "desc")
    .orderBy("s.created_at", "desc");
  if (onlySurveyId) query = query.where("s.id", "=", onlySurveyId);
  return query.execute();
}
export type SurveyPeriodRow = Awaited<ReturnType<typeof surveyPeriods>>[number];

export async function findSurvey(db: Kysely<DB>, organizationId: string, surveyId: string) {
  return db
    .selectFrom("wellbeing_surveys")
    .select(["id", "period_start", "period_end", "is_active", "results_shared"])
    .where("organization_id", "=", organizationId)
    .where("id", "=", surveyId)
    .executeTakeFirst();
}

/** Closes an open survey; returns its period, or nothing when it was not open. */
export async function closeSurvey(trx: Transaction<DB>, organizationId: string, surveyId: string) {
  return trx
    .updateTable("wellbeing_surveys")
    .set({ is_active: false, closed_at: sql`now()` })
    .where("organization_id", "=", organizationId)
    .where("id", "=", surveyId)
    .where("is_active", "=", true)
    .returning(["id", "period_start", "period_end"])
    .executeTakeFirst();
}

export async function insertAggregate(
  trx: Transaction<DB>,
  values: {
    surveyId: string;
    organizationId: string;
    periodStart: string;
    periodEnd: string;
    responses: number;
    employeesWithAccess: number;
    figures: {
      participationPercent: number;
      overall: number;
      categoryAverages: Record<string, number>;
      questionScores: Record<string, number>;
      redFlags: { category: string; score: number; severity: "critical" | "high" }[];
      followUpScores: Record<string, number>;
    } | null;
  },
): Promise<void> {
  const f = values.figures;
  await trx
    .insertInto("survey_aggregates")
    .values({
      survey_id: values.surveyId,
      organization_id: values.organizationId,
      period_start: values.periodStart,
      period_end: values.periodEnd,
      responses: values.responses,
      employees_with_access: values.employeesWithAccess,
      participation_percent: f?.participationPercent ?? null,
      overall_score: f ? f.overall.toFixed(1) : null,
      category_averages: f ? JSON.stringify(f.categoryAverages) : null,
      question_scores: f ? JSON.stringify(f.questionScores) : null,
      red_flags: f ? JSON.stringify(f.redFlags) : null,
      follow_up_scores: JSON.stringify(f?.followUpScores ?? {}),
    })
    .execute();
}

export async function setSharing(db: Kysely<DB>, organizationId: string, surveyId: string, shared: boolean): Promise<boolean> {
  const result = await db
    .updateTable("wellbeing_surveys")
    .set({ results_shared: shared })
    .where("organization_id", "=", organizationId)
    .where("id", "=", surveyId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Who hears of a survey: every employee holding access (each on the channels
 * they chose; everyone finds it in their workplace area anyway), less, for
 * the reminder, those who answered already.
 */
export async function employeesToTell(db: Kysely<DB>, organizationId: string, exceptRespondentsOf?: string): Promise<string[]> {
  let query = db.selectFrom("workplace_access as a").select("a.user_id").where("a.organization_id", "=", organizationId);
  if (exceptRespondentsOf) {
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("survey_respondents as r")
            .select("r.user_id")
            .whereRef("r.user_id", "=", "a.user_id")
            .where("r.survey_id", "=", exceptRespondentsOf),
        ),
      ),
    );
  }
  return (await query.execute()).map((row) => row.user_id);
}

/** Employees with access who asked for survey news by email (the employer's panel says how many). */
export async function countEmployeesByEmail(db: Kysely<DB>, organizationId: string): Promise<number> {
  const row = await db
    .selectFrom("workplace_access as a")
    .innerJoin(notificationPreferences.from(db).as("p"), "p.user_id", "a.user_id")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("a.organization_id", "=", organizationId)
    .where("p.kind", "=", "workplaceSurveys")
    .where("p.channel", "=", "email")
    .where("p.enabled", "=", true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks a survey's mail as sent, once: false when another process got there first. */
export async function markMailSent(db: Kysely<DB>, surveyId: string, which: "invitations_sent_at" | "reminder_sent_at"): Promise<boolean> {
  const result = await db
    .updateTable("wellbeing_surveys")
    .set({ [which]: sql`now()` })
    .where("id", "=", surveyId)
    .where(which, "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Open surveys whose last day is on or before `day`, with their organisation. */
export async function openSurveysEndingBy(db: Kysely<DB>, day: string) {
  return db
    .selectFrom("wellbeing_surveys as s")
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "s.organization_id")
    .select(["s.id", "s.organization_id", "s.period_end", "s.reminder_sent_at", "o.name as organization_name"])
    .where("s.is_active", "=", true)
    .where("s.period_end", "<=", day)
    .execute();
}

/** Every follow-up question the organisation's surveys asked, by survey and place. */
export async function followUpsOfOrganization(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("survey_follow_ups as f")
    .innerJoin("wellbeing_surveys as s", "s.id", "f.survey_id")
    .select(["f.survey_id", "f.position", "f.category", "f.text"])
    .where("s.organization_id", "=", organizationId)
    .orderBy("f.position")
    .execute();
}

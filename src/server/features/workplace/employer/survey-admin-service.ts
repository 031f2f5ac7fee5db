import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../../shared/acts/new-york-time.js";
import type { PeriodFigures, SurveyAdmin, SurveyPeriodView } from "../../../../shared/schemas/compliance.js";
import { followUpScores, MIN_RESPONSES_FOR_RESULTS, type SurveyCategory } from "../../../../shared/workplace/climate-survey.js";
import { questionScores, trendBetween } from "../../../../shared/workplace/compliance-rules.js";
import { currentSurveyPeriod, REMINDER_DAYS_BEFORE_CLOSE } from "../../../../shared/workplace/survey-schedule.js";
import { isUniqueViolation } from "../../../platform/db/errors.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import type { Notifier } from "../../../platform/notify/notifier.js";
import { insertFollowUps, insertSurvey, organizationCreatedAt, publishedTallies } from "../climate-survey-repository.js";
import { resultsFromTallies } from "../climate-survey-service.js";
import { iso } from "../iso-time.js";
import { countEmployees } from "../workplace-access-repository.js";
import { requireComplianceAccess } from "./compliance-access.js";
import * as repo from "./survey-admin-repository.js";
import { surveyNotice } from "./survey-notice.js";
import { publishedOrganizations } from "../../organizations/read-models.js";

interface MailDeps {
  db: Kysely<DB>;
  notifier: Notifier;
}

/** Figures with question scores, from published tallies (five responses or more). */
function figuresOf(tallies: { responses: number; counts: number[] }, employees: number): PeriodFigures {
  const results = resultsFromTallies(tallies, employees);
  return { ...results, questionScores: questionScores(tallies.counts), followUpScores: followUpScores(tallies.counts) } as PeriodFigures;
}

/** A kept aggregate as figures (null when the period had fewer than five responses). */
function keptFigures(row: repo.SurveyPeriodRow): PeriodFigures | null {
  if (row.overall_score === null || row.responses === null) return null;
  return {
    responses: row.responses,
    employeesWithAccess: row.employees_with_access ?? 0,
    participationPercent: row.participation_percent ?? 0,
    overall: Number(row.overall_score),
    categoryAverages: row.category_averages ?? {},
    questionScores: row.question_scores ?? {},
    redFlags: (row.red_flags ?? []) as PeriodFigures["redFlags"],
    followUpScores: row.follow_up_scores ?? {},
  };
}

/** Every period with its figures and its trend against the previous period that has figures. */
export async function periodsWithFigures(db: Kysely<DB>, organizationId: string): Promise<SurveyPeriodView[]> {
  const rows = await repo.surveyPeriods(db, organizationId);
  const employees = await countEmployees(db, organizationId);
  const followUps = await repo.followUpsOfOrganization(db, organizationId);
  const views: SurveyPeriodView[] = [];
  for (const row of rows) {
    let figures = keptFigures(row);
    if (row.is_active) {
      const published = await publishedTallies(db, row.id);
      figures = published ? figuresOf(published, employees) : null;
    }
    views.push({
      surveyId: row.id,
      periodStart: row.period_start,
      periodEnd: row.period_end,
      open: row.is_active,
      resultsShared: row.results_shared,
      invitationsSentAt: iso(row.invitations_sent_at),
      reminderSentAt: iso(row.reminder_sent_at),
      closedAt: iso(row.closed_at),
      figures,
      trend: null,
      followUps: followUps
        .filter((f) => f.survey_id === row.id)
        .map((f) => ({ position: f.position, category: f.category as SurveyCategory, text: f.text })),
    });
  }
  // Newest first: each period is compared with the next older one that has figures.
  views.forEach((view, i) => {
    const previous = views.slice(i + 1).find((v) => v.figures);
    if (view.figures && previous?.figures) view.trend = trendBetween(view.figures.overall, previous.figures.overall);
  });
  return views;
}

export async function surveyAdmin(db: Kysely<DB>, userId: string, organizationId: string, now = new Date()): Promise<SurveyAdmin> {
  await requireComplianceAccess(db, userId, organizationId);
  const started = await organizationCreatedAt(db, organizationId);
  return {
    currentPeriod: currentSurveyPeriod(newYorkDay(now), newYorkDay(started)),
    employeesWithAccess: await countEmployees(db, organizationId),
    employeesToEmail: await repo.countEmployeesByEmail(db, organizationId),
    periods: await periodsWithFigures(db, organizationId),
  };
}

/** One period's figures for the employer: refused under five responses, like every view of them. */
export async function periodResults(db: Kysely<DB>, userId: string, organizationId: string, surveyId: string): Promise<PeriodFigures> {
  await requireComplianceAccess(db, userId, organizationId);
  const survey = await repo.findSurvey(db, organizationId, surveyId);
  if (!survey) throw new AppError("not_found");
  let figures: PeriodFigures | null;
  if (survey.is_active) {
    const published = await publishedTallies(db, surveyId);
    figures = published ? figuresOf(published, await countEmployees(db, organizationId)) : null;
  } else {
    const kept = (await repo.surveyPeriods(db, organizationId, surveyId))[0];
    figures = kept ? keptFigures(kept) : null;
  }
  if (!figures) throw new AppError("results_not_ready");
  return figures;
}

/**
 * Opens the climate survey for the period in the organisation's rhythm that
 * holds today, then mails an invitation to every employee holding access.
 * One survey is open at a time (a unique index settles two clicks at once).
 */
export async function openSurvey(
  deps: MailDeps,
  userId: string,
  organizationId: string,
  input: { resultsShared: boolean },
  now = new Date(),
): Promise<{ surveyId: string }> {
  await requireComplianceAccess(deps.db, userId, organizationId);
  const started = await organizationCreatedAt(deps.db, organizationId);
  const period = currentSurveyPeriod(newYorkDay(now), newYorkDay(started));
  const surveyId = randomUUID();
  try {
    await deps.db.transaction().execute(async (trx) => {
      await insertSurvey(trx, {
        id: surveyId,
        organizationId,
        periodStart: period.opens,
        periodEnd: period.closes,
        resultsShared: input.resultsShared,
        openedBy: userId,
      });
      // It asks whether each action published since the last survey helped ("you said, we did").
      await insertFollowUps(trx, surveyId, organizationId);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("survey_already_open");
    throw error;
  }
  await mailEmployees(deps, organizationId, surveyId, "surveyInvitation", period.closes);
  return { surveyId };
}

/** Closes a period and keeps its aggregate; under five responses only the period is kept. */
export async function closeSurvey(db: Kysely<DB>, userId: string, organizationId: string, surveyId: string): Promise<void> {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await closeAndKeep(db, organizationId, surveyId))) throw new AppError("survey_not_open");
}

/**
 * The published tallies become the period's history: figures that differ
 * from the last ones shown by fewer than five people are never released,
 * even at the close.
 */
async function closeAndKeep(db: Kysely<DB>, organizationId: string, surveyId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const closed = await repo.closeSurvey(trx, organizationId, surveyId);
    if (!closed) return false;
    const published = await publishedTallies(trx, surveyId);
    const employees = await countEmployees(trx, organizationId);
    const figures = published && published.responses >= MIN_RESPONSES_FOR_RESULTS ? figuresOf(published, employees) : null;
    await repo.insertAggregate(trx, {
      surveyId,
      organizationId,
      periodStart: closed.period_start,
      periodEnd: closed.period_end,
      responses: published?.responses ?? 0,
      employeesWithAccess: employees,
      figures,
    });
    return true;
  });
}

export async function setResultsSharing(db: Kysely<DB>, userId: string, organizationId: string, surveyId: string, shared: boolean) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.setSharing(db, organizationId, surveyId, shared))) throw new AppError("not_found");
}

async function mailEmployees(
  deps: MailDeps,
  organizationId: string,
  surveyId: string,
  template: "surveyInvitation" | "surveyReminder",
  closes: string,
): Promise<void> {
  const column = template === "surveyInvitation" ? "invitations_sent_at" : "reminder_sent_at";
  if (!(await repo.markMailSent(deps.db, surveyId, column))) return;
  const organization = await deps.db
    .selectFrom(publishedOrganizations.from(deps.db).as("organization"))
    .select("name")
    .where("id", "=", organizationId)
    .executeTakeFirstOrThrow();
  const notice = surveyNotice(template, { employer: organization.name, closes });
  for (const userId of await repo.employeesToTell(deps.db, organizationId, template === "surveyReminder" ? surveyId : undefined)) {
    await deps.notifier.notify(userId, notice);
  }
}

/**
 * The survey calendar's chores, run by housekeeping: a reminder to those who
 * have not answered a few days before a survey closes, and closing surveys
 * whose period is over (their aggregate goes to the history).
 */
export async function runSurveyCalendar(deps: MailDeps, now = new Date()): Promise<void> {
  const today = newYorkDay(now);
  for (const survey of await repo.openSurveysEndingBy(deps.db, addDays(today, REMINDER_DAYS_BEFORE_CLOSE))) {
    if (survey.period_end < today) await closeAndKeep(deps.db, survey.organization_id, survey.id);
    else if (!survey.reminder_sent_at) await mailEmployees(deps, survey.organization_id, survey.id, "surveyReminder", survey.period_end);
  }
}

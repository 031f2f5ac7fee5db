import { randomInt } from "node:crypto";
import type { Kysely } from "kysely";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { aggregateTallies, MIN_RESPONSES_FOR_RESULTS, tallyOf, type SurveyCategory } from "../../../shared/workplace/climate-survey.js";
import { upcomingSurveyPeriods } from "../../../shared/workplace/survey-schedule.js";
import type { SurveyResults, SurveyState } from "../../../shared/schemas/workplace.js";
import type { Language } from "../../../shared/constants.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import * as repo from "./climate-survey-repository.js";
import { countEmployees } from "./workplace-access-repository.js";
import { requireEmployee, type Employee } from "./workplace-access-service.js";

/** The open survey (whether I answered it, whether results are shared) and the next six dates. */
export async function surveyState(db: Kysely<DB>, employee: Employee, now = new Date()): Promise<SurveyState> {
  const survey = await repo.findActiveSurvey(db, employee.organizationId);
  const started = await repo.organizationCreatedAt(db, employee.organizationId);
  const schedule = upcomingSurveyPeriods(newYorkDay(now), newYorkDay(started));
  if (!survey) return { survey: null, schedule };
  // Ready once the published tallies reach the threshold: a fact that changes in steps of five people, never by one.
  const published = survey.results_shared ? await repo.publishedTallies(db, survey.id) : undefined;
  return {
    survey: {
      id: survey.id,
      periodStart: survey.period_start,
      periodEnd: survey.period_end,
      answered: await repo.hasAnswered(db, survey.id, employee.userId),
      resultsShared: survey.results_shared,
      resultsReady: (published?.responses ?? 0) >= MIN_RESPONSES_FOR_RESULTS,
      followUps: (await repo.followUpsOf(db, survey.id)).map((f) => ({ category: f.category as SurveyCategory, text: f.text })),
    },
    schedule,
  };
}

/**
 * One statement checks access, the open survey and "once" while it writes;
 * only a refusal reads more, to say which rule refused it.
 */
export async function submitSurvey(db: Kysely<DB>, userId: string, surveyId: string, answers: number[]): Promise<void> {
  const shard = randomInt(repo.TALLY_SHARDS);
  const { recorded, expected } = await repo.insertResponse(db, {
    surveyId,
    userId,
    shard,
    delta: tallyOf(answers),
    answers: answers.length,
  });
  if (recorded) return;
  // One answer per standard question and per follow-up the survey asks: its tallies all hold as many.
  if (expected !== null && expected !== answers.length)
    throw new AppError("invalid_input", { field: "answers", messageKey: "workplaceValidation.answerEveryQuestion" });
  const employee = await requireEmployee(db, userId);
  const survey = await repo.findActiveSurvey(db, employee.organizationId);
  if (!survey || survey.id !== surveyId) throw new AppError("survey_not_open");
  throw new AppError("survey_already_answered");
}

/** The open survey, when the employer shares its results with employees. */
async function sharedSurvey(db: Kysely<DB>, employee: Employee) {
  const survey = await repo.findActiveSurvey(db, employee.organizationId);
  if (!survey) throw new AppError("survey_not_open");
  if (!survey.results_shared) throw new AppError("results_not_shared");
  return survey;
}

/**
 * The open survey's aggregate: only when the employer shares it with
 * employees and at least MIN_RESPONSES_FOR_RESULTS people answered (docs/design.md §3). There is no
 * other way in: no filter, no single response.
 */
export async function sharedSurveyResults(db: Kysely<DB>, employee: Employee): Promise<SurveyResults> {
  const survey = await sharedSurvey(db, employee);
  return surveyResults(db, employee.organizationId, survey.id);
}

/** The same aggregate as a PDF, in the reader's language. */
export async function sharedSurveyResultsPdf(db: Kysely<DB>, employee: Employee, language: Language): Promise<Uint8Array> {
  const survey = await sharedSurvey(db, employee);
  const results = await surveyResults(db, employee.organizationId, survey.id);
  const period = { periodStart: survey.period_start, periodEnd: survey.period_end };
  const { surveyResultsPdf } = await import("./survey-results-pdf.js");
  return surveyResultsPdf(results, { employer: employee.employerName, ...period, generatedAt: new Date() }, language);
}

/**
 * A survey's aggregate, refused under the threshold. It is computed from the
 * published tallies, which move only in steps of five responses or more: no
 * two figures anyone can see differ by fewer than five people.
 */
export async function surveyResults(db: Kysely<DB>, organizationId: string, surveyId: string): Promise<SurveyResults> {
  const tallies = await repo.publishedTallies(db, surveyId);
  if (!tallies || tallies.responses < MIN_RESPONSES_FOR_RESULTS) throw new AppError("results_not_ready");
  return resultsFromTallies(tallies, await countEmployees(db, organizationId));
}

/** The figures of published tallies, with participation against the employees holding access. */
export function resultsFromTallies(tallies: { responses: number; counts: number[] }, employeesWithAccess: number): SurveyResults {
  const aggregate = aggregateTallies(tallies.responses, tallies.counts);
  return {
    responses: aggregate.responses,
    employeesWithAccess,
    // People removed after answering can leave more answers than holders of access.
    participationPercent: employeesWithAccess ? Math.min(100, Math.round((aggregate.responses / employeesWithAccess) * 100)) : 100,
    overall: aggregate.overall,
    categoryAverages: aggregate.categoryAverages,
    redFlags: aggregate.redFlags,
  };
}

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ActionInput, ActionItem, SurveyPeriodView } from "../../../../shared/schemas/compliance.js";
import type { SurveyCategory } from "../../../../shared/workplace/climate-survey.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import { iso } from "../iso-time.js";
import * as repo from "./action-plan-repository.js";
import { requireComplianceAccess } from "./compliance-access.js";
import { periodsWithFigures } from "./survey-admin-service.js";

type Status = ActionItem["status"];

/** pending → in progress → completed → (reopened) pending: the only moves (docs/spec/workplace.md §4). */
export const ACTION_TRANSITIONS: Record<Status, Status> = { in_progress: "pending", completed: "in_progress", pending: "completed" };

/**
 * How a linked red flag turned out: the category's score in the flagged
 * period against the next period that has figures.
 */
export function flagOutcome(
  periods: readonly SurveyPeriodView[],
  surveyId: string,
  category: SurveyCategory,
): NonNullable<ActionItem["redFlag"]> | null {
  const index = periods.findIndex((p) => p.surveyId === surveyId);
  const flagged = periods[index];
  if (!flagged) return null;
  // Periods are newest first: the next period is the nearest newer one with figures.
  const next = periods
    .slice(0, index)
    .reverse()
    .find((p) => p.figures);
  const score = flagged.figures?.categoryAverages[category] ?? null;
  const nextScore = next?.figures?.categoryAverages[category] ?? null;
  const outcome =
    score === null || nextScore === null ? "not_measured" : nextScore > score ? "improved" : nextScore < score ? "worse" : "unchanged";
  return { surveyId, category, periodStart: flagged.periodStart, score, nextScore, outcome };
}

function present(row: repo.ActionRow, periods: readonly SurveyPeriodView[]): ActionItem {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    dueOn: row.due_date,
    assignedTo: row.assigned_to ?? "",
    status: row.status,
    completedAt: iso(row.completed_date),
    createdAt: iso(row.created_at)!,
    redFlag: row.survey_id && row.flag_category ? flagOutcome(periods, row.survey_id, row.flag_category as SurveyCategory) : null,
    published: row.published_text && row.published_at ? { text: row.published_text, at: iso(row.published_at)! } : null,
    followUp: followUpOf(row, periods),
  };
}

/** The later survey that asked whether the action helped, and the answer once it has figures (five responses or more). */
function followUpOf(row: repo.ActionRow, periods: readonly SurveyPeriodView[]): ActionItem["followUp"] {
  if (row.follow_up_survey_id === null || row.follow_up_position === null) return null;
  const period = periods.find((p) => p.surveyId === row.follow_up_survey_id);
  if (!period) return null;
  return {
    surveyId: period.surveyId,
    periodStart: period.periodStart,
    helped: period.figures?.followUpScores[String(row.follow_up_position)] ?? null,
  };
}

/** Action rows as the screens and reports show them, each linked flag with its outcome. */
export const actionItems = (rows: readonly repo.ActionRow[], periods: readonly SurveyPeriodView[]) =>
  rows.map((row) => present(row, periods));

export async function actionPlan(db: Kysely<DB>, userId: string, organizationId: string): Promise<{ actions: ActionItem[] }> {
  await requireComplianceAccess(db, userId, organizationId);
  const [rows, periods] = await Promise.all([repo.listActions(db, organizationId), periodsWithFigures(db, organizationId)]);
  return { actions: actionItems(rows, periods) };
}

/** A red flag can be linked only if that period of this organisation shows it. */
async function checkedFlag(db: Kysely<DB>, organizationId: string, flag: ActionInput["redFlag"]) {
  if (!flag) return { surveyId: null, flagCategory: null };
  const period = (await periodsWithFigures(db, organizationId)).find((p) => p.surveyId === flag.surveyId);
  if (!period?.figures?.redFlags.some((f) => f.category === flag.category)) {
    throw new AppError("invalid_input", { field: "redFlag", messageKey: "employerValidation.redFlagUnknown" });
  }
  return { surveyId: flag.surveyId, flagCategory: flag.category };
}

export async function createAction(db: Kysely<DB>, userId: string, organizationId: string, input: Required<ActionInput>) {
  await requireComplianceAccess(db, userId, organizationId);
  const flag = await checkedFlag(db, organizationId, input.redFlag);
  const id = randomUUID();
  await repo.insertAction(db, { id, organizationId, createdBy: userId, ...input, ...flag });
  return { id };
}

export async function editAction(db: Kysely<DB>, userId: string, organizationId: string, actionId: string, input: Required<ActionInput>) {
  await requireComplianceAccess(db, userId, organizationId);
  const flag = await checkedFlag(db, organizationId, input.redFlag);
  if (!(await repo.updateAction(db, organizationId, actionId, { ...input, ...flag }))) throw new AppError("not_found");
}

export async function moveAction(db: Kysely<DB>, userId: string, organizationId: string, actionId: string, to: Status) {
  await requireComplianceAccess(db, userId, organizationId);
  if (await repo.moveAction(db, organizationId, actionId, ACTION_TRANSITIONS[to], to)) return;
  if (!(await repo.actionExists(db, organizationId, actionId))) throw new AppError("not_found");
  throw new AppError("action_transition_invalid");
}

export async function deleteAction(db: Kysely<DB>, userId: string, organizationId: string, actionId: string) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.deleteAction(db, organizationId, actionId))) throw new AppError("not_found");
}

/** "You said, we did": an action answering a red flag, published to employees in the employer's words. */
export async function publishAction(db: Kysely<DB>, userId: string, organizationId: string, actionId: string, text: string) {
  await requireComplianceAccess(db, userId, organizationId);
  if (await repo.publishAction(db, organizationId, actionId, text)) return;
  if (!(await repo.actionFlag(db, organizationId, actionId))) throw new AppError("not_found");
  throw new AppError("action_without_red_flag");
}

export async function unpublishAction(db: Kysely<DB>, userId: string, organizationId: string, actionId: string) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.unpublishAction(db, organizationId, actionId))) throw new AppError("not_found");
}

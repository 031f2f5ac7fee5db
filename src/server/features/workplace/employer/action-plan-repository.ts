import { sql, type Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";

type Status = "pending" | "in_progress" | "completed";
type Priority = "critical" | "high" | "medium" | "low";

/** Every action, newest first, with the later survey that asked whether it helped (if one did). */
export async function listActions(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_action_items as a")
    .leftJoin("survey_follow_ups as f", "f.action_id", "a.id")
    .select([
      "a.id",
      "a.title",
      "a.description",
      "a.priority",
      "a.due_date",
      "a.assigned_to",
      "a.status",
      "a.completed_date",
      "a.created_at",
      "a.survey_id",
      "a.flag_category",
      "a.published_text",
      "a.published_at",
      "f.survey_id as follow_up_survey_id",
      "f.position as follow_up_position",
    ])
    .where("a.organization_id", "=", organizationId)
    .orderBy("a.created_at", "desc")
    .orderBy("a.id")
    .execute();
}
export type ActionRow = Awaited<ReturnType<typeof listActions>>[number];

export interface ActionValues {
  title: string;
  description: string;
  priority: Priority;
  dueDate: string | null;
  assignedTo: string;
  surveyId: string | null;
  flagCategory: string | null;
}

/** The columns an action's form sets, for both creating and editing it. */
const editableColumns = (values: ActionValues) => ({
  title: values.title,
  description: values.description,
  priority: values.priority,
  due_date: values.dueDate,
  assigned_to: values.assignedTo || null,
  survey_id: values.surveyId,
  flag_category: values.flagCategory,
});

export async function insertAction(db: Kysely<DB>, values: ActionValues & { id: string; organizationId: string; createdBy: string }) {
  await db
    .insertInto("sst_committee_action_items")
    .values({ id: values.id, organization_id: values.organizationId, created_by: values.createdBy, ...editableColumns(values) })
    .execute();
}

export async function updateAction(db: Kysely<DB>, organizationId: string, actionId: string, values: ActionValues): Promise<boolean> {
  const result = await db
    .updateTable("sst_committee_action_items")
    .set(editableColumns(values))
    .where("organization_id", "=", organizationId)
    .where("id", "=", actionId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Moves an action from `from` to `to` in one statement, so two clicks at once
 * cannot both succeed; completing stamps the completion date, leaving
 * "completed" clears it. False when the action was not in `from`.
 */
export async function moveAction(db: Kysely<DB>, organizationId: string, actionId: string, from: Status, to: Status): Promise<boolean> {
  const result = await db
    .updateTable("sst_committee_action_items")
    .set({ status: to, completed_date: to === "completed" ? sql`now()` : null })
    .where("organization_id", "=", organizationId)
    .where("id", "=", actionId)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function actionExists(db: Kysely<DB>, organizationId: string, actionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("sst_committee_action_items")
    .select("id")
    .where("organization_id", "=", organizationId)
    .where("id", "=", actionId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteAction(db: Kysely<DB>, organizationId: string, actionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom("sst_committee_action_items")
    .where("organization_id", "=", organizationId)
    .where("id", "=", actionId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Publishes an action to employees with the words the employer reviewed (or
 * changes them); only an action answering a red flag. The first publication's
 * time stays: it is when employees first read it.
 */
export async function publishAction(db: Kysely<DB>, organizationId: string, actionId: string, text: string): Promise<boolean> {
  const result = await db
    .updateTable("sst_committee_action_items")
    .set({ published_text: text, published_at: sql`coalesce(published_at, now())` })
    .where("organization_id", "=", organizationId)
    .where("id", "=", actionId)
    .where("survey_id", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Withdrawn: employees no longer read it (a survey that already asked about it keeps its question). */
export async function unpublishAction(db: Kysely<DB>, organizationId: string, actionId: string): Promise<boolean> {
  const result = await db
    .updateTable("sst_committee_action_items")
    .set({ published_text: null, published_at: null })
    .where("organization_id", "=", organizationId)
    .where("id", "=", actionId)
    .where("published_at", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Whether the action exists and answers a red flag (why a publication was refused). */
export async function actionFlag(db: Kysely<DB>, organizationId: string, actionId: string) {
  return db
    .selectFrom("sst_committee_action_items")
    .select("survey_id")
    .where("organization_id", "=", organizationId)
    .where("id", "=", actionId)
    .executeTakeFirst();
}

import { sql, type Kysely } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { people } from "../../users/read-models.js";

/** Every member, current ones first, newest election first. */
export async function allMembers(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_members")
    .select(["id", "name", "role", "contact_email", "contact_phone", "elected_date", "term_end_date", "is_active"])
    .where("organization_id", "=", organizationId)
    .orderBy("is_active", "desc")
    .orderBy("elected_date", "desc")
    .orderBy("name")
    .execute();
}

export async function updateMember(
  db: Kysely<DB>,
  organizationId: string,
  memberId: string,
  values: { name: string; role: string; electedDate: string; contactEmail: string; contactPhone: string },
): Promise<boolean> {
  const result = await db
    .updateTable("sst_committee_members")
    .set({
      name: values.name,
      role: values.role,
      elected_date: values.electedDate,
      contact_email: values.contactEmail || null,
      contact_phone: values.contactPhone || null,
    })
    .where("organization_id", "=", organizationId)
    .where("id", "=", memberId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A term ends: the member leaves the current committee but stays in its history. */
export async function endTerm(db: Kysely<DB>, organizationId: string, memberId: string, termEndDate: string): Promise<boolean> {
  const result = await db
    .updateTable("sst_committee_members")
    .set({ is_active: false, term_end_date: termEndDate })
    .where("organization_id", "=", organizationId)
    .where("id", "=", memberId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function allMeetings(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_meetings")
    .select(["id", "title", "meeting_date", "key_decisions"])
    .where("organization_id", "=", organizationId)
    .orderBy("meeting_date", "desc")
    .orderBy("created_at", "desc")
    .execute();
}

export async function allFeedback(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_feedback as f")
    .leftJoin(people.from(db).as("u"), "u.id", "f.user_id")
    .select([
      "f.id",
      "f.subject",
      "f.message",
      "f.category",
      "f.status",
      "f.is_anonymous",
      "u.username",
      "f.created_at",
      "f.response",
      "f.reviewed_at",
    ])
    .where("f.organization_id", "=", organizationId)
    .orderBy("f.created_at", "desc")
    .execute();
}

/** The committee's status and reply; the reply's time is when it was last written. */
export async function replyToFeedback(
  db: Kysely<DB>,
  organizationId: string,
  feedbackId: string,
  values: { status: "submitted" | "pending" | "reviewed"; response: string },
): Promise<boolean> {
  const result = await db
    .updateTable("sst_committee_feedback")
    .set({
      status: values.status,
      response: values.response || null,
      reviewed_at: values.response ? sql`now()` : null,
    })
    .where("organization_id", "=", organizationId)
    .where("id", "=", feedbackId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function actionCounts(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_action_items")
    .select((eb) => [
      eb.fn.countAll<number>().filterWhere("status", "!=", "completed").as("open"),
      eb.fn.countAll<number>().filterWhere("status", "=", "completed").as("completed"),
    ])
    .where("organization_id", "=", organizationId)
    .executeTakeFirstOrThrow();
}

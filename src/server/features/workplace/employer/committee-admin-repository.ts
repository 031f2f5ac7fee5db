import { sql, type Kysely, type Transaction } from "kysely";
import type { DB } from "../../../platform/db/schema.js";
import { meetingColumns, type MeetingValues } from "../committee-repository.js";

type Reader = Kysely<DB> | Transaction<DB>;
import { people } from "../../users/read-models.js";

/** Every member, current ones first, newest election first. */
export async function allMembers(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_members as m")
    .leftJoin("committee_calendar_feeds as f", "f.member_id", "m.id")
    .select([
      "m.id",
      "m.name",
      "m.role",
      "m.contact_email",
      "m.contact_phone",
      "m.elected_date",
      "m.term_end_date",
      "m.is_active",
      "f.created_at as calendar_link_since",
    ])
    .where("m.organization_id", "=", organizationId)
    .orderBy("m.is_active", "desc")
    .orderBy("m.elected_date", "desc")
    .orderBy("m.name")
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

/** A term ends: the member leaves the current committee but stays in its history; their calendar link stops with it. */
export async function endTerm(trx: Transaction<DB>, organizationId: string, memberId: string, termEndDate: string): Promise<boolean> {
  const result = await trx
    .updateTable("sst_committee_members")
    .set({ is_active: false, term_end_date: termEndDate })
    .where("organization_id", "=", organizationId)
    .where("id", "=", memberId)
    .where("is_active", "=", true)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) return false;
  await trx.deleteFrom("committee_calendar_feeds").where("member_id", "=", memberId).execute();
  return true;
}

const meetingFields = [
  "id",
  "title",
  "meeting_date",
  "starts_at",
  "duration_minutes",
  "location",
  "time_zone",
  "key_decisions",
  "sequence",
  "cancelled_at",
  "updated_at",
  "created_at",
] as const;

/** Every meeting, newest first, cancelled ones included. */
export async function allMeetings(db: Reader, organizationId: string) {
  return db
    .selectFrom("sst_committee_meetings")
    .select(meetingFields)
    .where("organization_id", "=", organizationId)
    .orderBy("meeting_date", "desc")
    .orderBy("starts_at", "desc")
    .orderBy("created_at", "desc")
    .execute();
}
export type MeetingRow = Awaited<ReturnType<typeof allMeetings>>[number];

export async function findMeeting(db: Reader, organizationId: string, meetingId: string) {
  return db
    .selectFrom("sst_committee_meetings")
    .select(meetingFields)
    .where("organization_id", "=", organizationId)
    .where("id", "=", meetingId)
    .executeTakeFirst();
}

/**
 * A changed meeting: its facts, and one more in its sequence so calendars
 * holding it take the new version. A cancelled meeting is not changed (null).
 */
export async function updateMeeting(db: Kysely<DB>, organizationId: string, meetingId: string, values: MeetingValues) {
  return db
    .updateTable("sst_committee_meetings")
    .set((eb) => ({ ...meetingColumns(values), sequence: eb("sequence", "+", 1), updated_at: sql`now()` }))
    .where("organization_id", "=", organizationId)
    .where("id", "=", meetingId)
    .where("cancelled_at", "is", null)
    .returning("id")
    .executeTakeFirst();
}

/** Cancelled once: the meeting stays, marked, under the same event for calendars. */
export async function cancelMeeting(db: Kysely<DB>, organizationId: string, meetingId: string) {
  return db
    .updateTable("sst_committee_meetings")
    .set((eb) => ({ cancelled_at: sql`now()`, sequence: eb("sequence", "+", 1), updated_at: sql`now()` }))
    .where("organization_id", "=", organizationId)
    .where("id", "=", meetingId)
    .where("cancelled_at", "is", null)
    .returning("id")
    .executeTakeFirst();
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

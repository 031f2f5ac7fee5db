import type { Kysely } from "kysely";
import { INITIATIVES_SHOWN, MEETINGS_SHOWN } from "../../../shared/schemas/workplace.js";
import type { DB, SstCommitteeFeedbackTable } from "../../platform/db/schema.js";
import type { Insertable } from "kysely";

export async function activeMembers(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_members")
    .select(["id", "name", "role", "elected_date"])
    .where("organization_id", "=", organizationId)
    .where("is_active", "=", true)
    .orderBy("elected_date", "desc")
    .orderBy("name")
    .execute();
}

export async function latestMeetings(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_meetings")
    .select(["id", "title", "meeting_date", "key_decisions"])
    .where("organization_id", "=", organizationId)
    .where("cancelled_at", "is", null)
    .orderBy("meeting_date", "desc")
    .orderBy("created_at", "desc")
    .limit(MEETINGS_SHOWN)
    .execute();
}

/** What the committee is working on: pending or in progress, soonest due first (undated last). */
export async function currentInitiatives(db: Kysely<DB>, organizationId: string) {
  return db
    .selectFrom("sst_committee_action_items")
    .select(["id", "title", "status", "priority", "due_date"])
    .where("organization_id", "=", organizationId)
    .where("status", "in", ["pending", "in_progress"])
    .orderBy(
      (eb) => eb.ref("due_date"),
      (ob) => ob.asc().nullsLast(),
    )
    .orderBy("created_at")
    .limit(INITIATIVES_SHOWN)
    .execute();
}

/** My own, signed feedback (anonymous feedback has no author to find). */
export async function feedbackOf(db: Kysely<DB>, organizationId: string, userId: string) {
  return db
    .selectFrom("sst_committee_feedback")
    .select(["id", "subject", "category", "status", "created_at", "response", "reviewed_at"])
    .where("organization_id", "=", organizationId)
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
}

export async function insertFeedback(db: Kysely<DB>, values: Insertable<SstCommitteeFeedbackTable>): Promise<void> {
  await db.insertInto("sst_committee_feedback").values(values).execute();
}

// The employer's committee screens (next issue) write these; tests and the demo data do now.
export async function insertMember(
  db: Kysely<DB>,
  values: {
    id: string;
    organizationId: string;
    name: string;
    role: string;
    electedDate: string;
    contactEmail?: string;
    contactPhone?: string;
  },
): Promise<void> {
  await db
    .insertInto("sst_committee_members")
    .values({
      id: values.id,
      organization_id: values.organizationId,
      name: values.name,
      role: values.role,
      elected_date: values.electedDate,
      contact_email: values.contactEmail || null,
      contact_phone: values.contactPhone || null,
    })
    .execute();
}

/** A meeting's facts as the employer gives them; `time` empty: known by its day only. */
export interface MeetingValues {
  title: string;
  date: string;
  time?: string;
  durationMinutes?: number;
  location?: string;
  timeZone?: string;
  keyDecisions: string;
}

export async function insertMeeting(db: Kysely<DB>, values: MeetingValues & { id: string; organizationId: string }): Promise<void> {
  await db
    .insertInto("sst_committee_meetings")
    .values({ id: values.id, organization_id: values.organizationId, ...meetingColumns(values) })
    .execute();
}

/** The columns a meeting's facts are written to (a new meeting and an edited one). */
export const meetingColumns = (values: MeetingValues) => ({
  title: values.title,
  meeting_date: values.date,
  starts_at: values.time || null,
  ...(values.durationMinutes !== undefined && { duration_minutes: values.durationMinutes }),
  ...(values.location !== undefined && { location: values.location }),
  ...(values.timeZone !== undefined && { time_zone: values.timeZone }),
  key_decisions: values.keyDecisions,
});

export async function insertActionItem(
  db: Kysely<DB>,
  values: {
    id: string;
    organizationId: string;
    title: string;
    priority: "critical" | "high" | "medium" | "low";
    status: "pending" | "in_progress" | "completed";
    dueDate: string | null;
  },
): Promise<void> {
  await db
    .insertInto("sst_committee_action_items")
    .values({
      id: values.id,
      organization_id: values.organizationId,
      title: values.title,
      priority: values.priority,
      status: values.status,
      due_date: values.dueDate,
    })
    .execute();
}

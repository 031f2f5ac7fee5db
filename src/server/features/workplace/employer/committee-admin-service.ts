import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../../shared/acts/new-york-time.js";
import type { CommitteeAdmin, FeedbackReplyInput, MeetingInput, MemberInput } from "../../../../shared/schemas/compliance.js";
import { COMMITTEE_ROLES } from "../../../../shared/schemas/workplace.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import { isKnownTimeZone } from "../../../platform/db/time-zones.js";
import { insertMeeting, insertMember } from "../committee-repository.js";
import { iso } from "../iso-time.js";
import { requireComplianceAccess } from "./compliance-access.js";
import * as repo from "./committee-admin-repository.js";
import { COMMITTEE_MEETINGS_MONTHS } from "../../../../shared/constants.js";

type Role = (typeof COMMITTEE_ROLES)[number];
const asRole = (role: string): Role => ((COMMITTEE_ROLES as readonly string[]).includes(role) ? (role as Role) : "worker_representative");

/** A meeting's key decisions, one per line. */
export const decisionsOf = (keyDecisions: string) =>
  keyDecisions
    .split("\n")
    .map((line) => line.replace(/^\s*[-•*]\s*/, "").trim())
    .filter(Boolean);

/** The committee area: members, meetings, their decisions, the feedback inbox, and an overview computed from them. */
export async function committeeAdmin(db: Kysely<DB>, userId: string, organizationId: string, now = new Date()): Promise<CommitteeAdmin> {
  await requireComplianceAccess(db, userId, organizationId);
  const [members, meetings, feedback, actions] = await Promise.all([
    repo.allMembers(db, organizationId),
    repo.allMeetings(db, organizationId),
    repo.allFeedback(db, organizationId),
    repo.actionCounts(db, organizationId),
  ]);
  // The overview's window, in days (a year of 365 for 12 months); meetings held: not cancelled, not still to come.
  const today = newYorkDay(now);
  const windowStart = addDays(today, -Math.round((COMMITTEE_MEETINGS_MONTHS * 365) / 12));
  const held = meetings.filter((m) => m.cancelled_at === null && m.meeting_date <= today);
  const decisions = meetings
    .filter((m) => m.cancelled_at === null)
    .flatMap((m) =>
      decisionsOf(m.key_decisions).map((decision) => ({ meetingId: m.id, meetingTitle: m.title, date: m.meeting_date, decision })),
    );
  return {
    overview: {
      activeMembers: members.filter((m) => m.is_active).length,
      meetingsLast12Months: held.filter((m) => m.meeting_date > windowStart).length,
      lastMeetingOn: held[0]?.meeting_date ?? null,
      decisions: decisions.length,
      feedbackNew: feedback.filter((f) => f.status === "submitted").length,
      feedbackInProgress: feedback.filter((f) => f.status === "pending").length,
      feedbackReviewed: feedback.filter((f) => f.status === "reviewed").length,
      actionsOpen: Number(actions.open),
      actionsCompleted: Number(actions.completed),
    },
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      role: asRole(m.role),
      contactEmail: m.contact_email ?? "",
      contactPhone: m.contact_phone ?? "",
      electedOn: m.elected_date,
      termEndOn: m.term_end_date,
      active: m.is_active,
      calendarLinkSince: iso(m.calendar_link_since),
    })),
    meetings: meetings.map((m) => ({
      id: m.id,
      title: m.title,
      date: m.meeting_date,
      time: m.starts_at?.slice(0, 5) ?? null,
      durationMinutes: m.duration_minutes,
      location: m.location,
      timeZone: m.time_zone,
      keyDecisions: m.key_decisions,
      cancelledAt: iso(m.cancelled_at),
    })),
    decisions,
    feedback: feedback.map((f) => ({
      id: f.id,
      subject: f.subject,
      message: f.message,
      category: f.category,
      status: f.status,
      anonymous: f.is_anonymous,
      author: f.is_anonymous ? null : (f.username ?? null),
      createdAt: iso(f.created_at)!,
      response: f.response,
      respondedAt: iso(f.reviewed_at),
    })),
  };
}

export async function addMember(db: Kysely<DB>, userId: string, organizationId: string, input: Required<MemberInput>) {
  await requireComplianceAccess(db, userId, organizationId);
  const id = randomUUID();
  await insertMember(db, { id, organizationId, ...input });
  return { id };
}

export async function editMember(db: Kysely<DB>, userId: string, organizationId: string, memberId: string, input: Required<MemberInput>) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.updateMember(db, organizationId, memberId, input))) throw new AppError("not_found");
}

export async function endMemberTerm(db: Kysely<DB>, userId: string, organizationId: string, memberId: string, termEndDate: string) {
  await requireComplianceAccess(db, userId, organizationId);
  const ended = await db.transaction().execute((trx) => repo.endTerm(trx, organizationId, memberId, termEndDate));
  if (!ended) throw new AppError("not_found");
}

/** A zone PostgreSQL does not know could not place the meeting in anyone's calendar. */
async function checkTimeZone(db: Kysely<DB>, timeZone: string): Promise<void> {
  if (!(await isKnownTimeZone(db, timeZone)))
    throw new AppError("invalid_input", { field: "timeZone", messageKey: "employerValidation.timeZoneUnknown" });
}

export async function recordMeeting(db: Kysely<DB>, userId: string, organizationId: string, input: Required<MeetingInput>) {
  await requireComplianceAccess(db, userId, organizationId);
  await checkTimeZone(db, input.timeZone);
  const id = randomUUID();
  await insertMeeting(db, { id, organizationId, ...input });
  return { id };
}

/** A changed meeting keeps its event in calendars: same UID, one more in its sequence. */
export async function editMeeting(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  meetingId: string,
  input: Required<MeetingInput>,
): Promise<void> {
  await requireComplianceAccess(db, userId, organizationId);
  await checkTimeZone(db, input.timeZone);
  if (await repo.updateMeeting(db, organizationId, meetingId, input)) return;
  await meetingNotChangeable(db, organizationId, meetingId);
}

/** Cancelled, not deleted: the calendars that hold it learn it is cancelled. */
export async function cancelMeeting(db: Kysely<DB>, userId: string, organizationId: string, meetingId: string): Promise<void> {
  await requireComplianceAccess(db, userId, organizationId);
  if (await repo.cancelMeeting(db, organizationId, meetingId)) return;
  await meetingNotChangeable(db, organizationId, meetingId);
}

/** Why a meeting was not changed: there is none, or it is cancelled. */
async function meetingNotChangeable(db: Kysely<DB>, organizationId: string, meetingId: string): Promise<never> {
  const meeting = await repo.findMeeting(db, organizationId, meetingId);
  throw new AppError(meeting ? "meeting_cancelled" : "not_found");
}

/** The reply is what the author sees on their own feedback; anonymous feedback has no author to see it. */
export async function replyToFeedback(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  feedbackId: string,
  input: Required<FeedbackReplyInput>,
) {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.replyToFeedback(db, organizationId, feedbackId, input))) throw new AppError("not_found");
}

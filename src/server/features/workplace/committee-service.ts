import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { COMMITTEE_ROLES, type Committee, type FeedbackInput } from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import * as repo from "./committee-repository.js";
import { iso } from "./iso-time.js";
import type { Employee } from "./workplace-access-service.js";

const isRole = (role: string): role is Committee["members"][number]["role"] => (COMMITTEE_ROLES as readonly string[]).includes(role);

/** The committee page of my employer: members, meetings, initiatives, and the replies to my feedback. */
export async function committee(db: Kysely<DB>, employee: Employee): Promise<Committee> {
  const [members, meetings, initiatives, mine] = await Promise.all([
    repo.activeMembers(db, employee.organizationId),
    repo.latestMeetings(db, employee.organizationId),
    repo.currentInitiatives(db, employee.organizationId),
    repo.feedbackOf(db, employee.organizationId, employee.userId),
  ]);
  return {
    members: members.flatMap((m) => (isRole(m.role) ? [{ id: m.id, name: m.name, role: m.role, electedOn: m.elected_date }] : [])),
    meetings: meetings.map((m) => ({ id: m.id, title: m.title, date: m.meeting_date, keyDecisions: m.key_decisions })),
    initiatives: initiatives.map((i) => ({ id: i.id, title: i.title, status: i.status, priority: i.priority, dueOn: i.due_date })),
    myFeedback: mine.map((f) => ({
      id: f.id,
      subject: f.subject,
      category: f.category,
      status: f.status,
      createdAt: iso(f.created_at)!,
      response: f.response,
      respondedAt: iso(f.reviewed_at),
    })),
  };
}

/** Anonymous feedback is stored with no author at all (the table's check enforces it). */
export async function sendFeedback(db: Kysely<DB>, employee: Employee, input: Required<FeedbackInput>): Promise<void> {
  await repo.insertFeedback(db, {
    id: randomUUID(),
    organization_id: employee.organizationId,
    user_id: input.anonymous ? null : employee.userId,
    subject: input.subject,
    message: input.message,
    category: input.category,
    is_anonymous: input.anonymous,
  });
}

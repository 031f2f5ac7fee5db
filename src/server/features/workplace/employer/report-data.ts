import type { Kysely } from "kysely";
import { addDays } from "../../../../shared/acts/new-york-time.js";
import type { ActionItem, Audit, ReportQuery, SurveyPeriodView } from "../../../../shared/schemas/compliance.js";
import type { DB } from "../../../platform/db/schema.js";
import { newYorkDay, nextNewYorkMidnight } from "../../../../shared/acts/new-york-time.js";
import { listActions } from "./action-plan-repository.js";
import { actionItems } from "./action-plan-service.js";
import { activeMembers } from "../committee-repository.js";
import { listAudits } from "./audits-service.js";
import { acknowledgmentRate } from "./policy-admin-service.js";
import * as repo from "./report-repository.js";
import { periodsWithFigures } from "./survey-admin-service.js";
import { verifications } from "./verifications-service.js";
import { activePolicies } from "../policies-repository.js";
import { countEmployees } from "../workplace-access-repository.js";

/** What is missing for a complete file, each a message key of `employer.report.missing`. */
export type MissingItem =
  | "noSurvey"
  | "surveyUnderThreshold"
  | "unansweredRedFlags"
  | "noCommittee"
  | "noMeeting"
  | "noPolicy"
  | "acknowledgmentBelow"
  | "noTraining"
  | "noManagerTraining"
  | "verificationsNotDone"
  | "noAudit";

/** Everything a report says, read from the organisation's records for the chosen days (both included). */
export interface ReportFacts {
  organization: string;
  from: string;
  to: string;
  generatedAt: Date;
  employeesWithAccess: number;
  /** Whole survey periods that overlap the chosen days, oldest first (never part of a period). */
  surveys: SurveyPeriodView[];
  /** Red flags of those periods, each with the actions linked to it. */
  redFlags: { surveyId: string; periodStart: string; category: string; score: number; severity: string; actions: ActionItem[] }[];
  actions: { all: ActionItem[]; byStatus: Record<ActionItem["status"], number>; createdInPeriod: number; completedInPeriod: number };
  committee: Awaited<ReturnType<typeof activeMembers>>;
  meetings: Awaited<ReturnType<typeof repo.meetingsBetween>>;
  policies: { active: number; acknowledgment: Awaited<ReturnType<typeof acknowledgmentRate>> };
  certificates: Record<"training" | "policy" | "harassment" | "manager", { total: number; inPeriod: number }>;
  verifications: { date: string; responsiblePerson: string | null; status: "planned" | "done"; note: string | null; id: string }[];
  audits: Audit[];
  missing: MissingItem[];
}

export async function reportFacts(db: Kysely<DB>, organizationId: string, query: ReportQuery, now = new Date()): Promise<ReportFacts> {
  const { from, to } = query;
  const [organization, employeesWithAccess, periods, actionRows, committee, meetings, acknowledgment, policies, audits] = await Promise.all(
    [
      repo.organizationName(db, organizationId),
      countEmployees(db, organizationId),
      periodsWithFigures(db, organizationId),
      listActions(db, organizationId),
      activeMembers(db, organizationId),
      repo.meetingsBetween(db, organizationId, from, to),
      acknowledgmentRate(db, organizationId),
      activePolicies(db, organizationId),
      listAudits(db, organizationId),
    ],
  );
  // Days are Kindly's (New York) days: the period runs from the start of `from` to the end of `to`.
  const start = nextNewYorkMidnight(new Date(`${addDays(from, -1)}T12:00:00Z`));
  const end = nextNewYorkMidnight(new Date(`${to}T12:00:00Z`));
  await verifications(db, organizationId, now);
  const [certificateRows, verificationRows] = await Promise.all([
    repo.certificateCounts(db, organizationId, start, end),
    repo.verificationsBetween(db, organizationId, from, to),
  ]);
  const all = actionItems(actionRows, periods);
  const surveys = periods.filter((p) => p.periodStart <= to && p.periodEnd >= from).reverse();
  const redFlags = surveys.flatMap((survey) =>
    (survey.figures?.redFlags ?? []).map((flag) => ({
      surveyId: survey.surveyId,
      periodStart: survey.periodStart,
      ...flag,
      actions: all.filter((a) => a.redFlag?.surveyId === survey.surveyId && a.redFlag.category === flag.category),
    })),
  );
  const inPeriod = (at: string | null) => at !== null && Date.parse(at) >= start.getTime() && Date.parse(at) < end.getTime();
  const count = (kind: "training" | "policy" | "harassment" | "manager") => certificateRows.get(kind) ?? { total: 0, inPeriod: 0 };
  const periodAudits = audits.filter((a) => inPeriod(a.createdAt));
  const facts: ReportFacts = {
    organization,
    from,
    to,
    generatedAt: now,
    employeesWithAccess,
    surveys,
    redFlags,
    actions: {
      all,
      byStatus: {
        pending: all.filter((a) => a.status === "pending").length,
        in_progress: all.filter((a) => a.status === "in_progress").length,
        completed: all.filter((a) => a.status === "completed").length,
      },
      createdInPeriod: all.filter((a) => inPeriod(a.createdAt)).length,
      completedInPeriod: all.filter((a) => inPeriod(a.completedAt)).length,
    },
    committee,
    meetings,
    policies: { active: policies.length, acknowledgment },
    certificates: { training: count("training"), policy: count("policy"), harassment: count("harassment"), manager: count("manager") },
    verifications: verificationRows.map((v) => ({
      id: v.id,
      date: v.verification_date,
      responsiblePerson: v.responsible_person,
      status: v.status,
      note: v.done_note,
    })),
    audits: periodAudits,
    missing: [],
  };
  facts.missing = missingItems(facts, newYorkDay(now));
  return facts;
}

/** What a complete file would hold and these records do not, said plainly in the report. */
export function missingItems(facts: ReportFacts, today: string): MissingItem[] {
  const missing: MissingItem[] = [];
  if (facts.surveys.length === 0) missing.push("noSurvey");
  else if (facts.surveys.some((s) => !s.figures)) missing.push("surveyUnderThreshold");
  if (facts.redFlags.some((flag) => flag.actions.length === 0)) missing.push("unansweredRedFlags");
  if (facts.committee.length === 0) missing.push("noCommittee");
  if (facts.meetings.length === 0) missing.push("noMeeting");
  if (facts.policies.active === 0) missing.push("noPolicy");
  if (!facts.policies.acknowledgment.compliant) missing.push("acknowledgmentBelow");
  if (facts.certificates.training.total === 0) missing.push("noTraining");
  if (facts.certificates.manager.total === 0) missing.push("noManagerTraining");
  if (facts.verifications.some((v) => v.status !== "done" && v.date <= today)) missing.push("verificationsNotDone");
  if (facts.audits.length === 0) missing.push("noAudit");
  return missing;
}

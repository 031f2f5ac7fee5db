import { z } from "zod/mini";
import { AUDIT_LEVELS, AUDIT_SCALE, RISK_ZONES } from "../workplace/compliance-rules.js";
import { SURVEY_CATEGORIES } from "../workplace/climate-survey.js";
import {
  ACTION_PRIORITIES,
  ACTION_STATUSES,
  certificateValidity,
  COMMITTEE_ROLES,
  FEEDBACK_CATEGORIES,
  FEEDBACK_STATUSES,
} from "./workplace.js";
import { CERTIFICATE_KINDS, VALIDITY_MONTHS_MAX } from "../workplace/learning.js";
import { text, trim, maxLength } from "./text.js";
import { timeZone } from "./time-zone.js";
import { idParam, organizationIdParams } from "./organizations.js";
import { MEGABYTE, POLICY_MAX_MB } from "../constants.js";

// The employer's side of the workplace area, in the organisation dashboard:
// surveys and their history, the committee, the action plan, policies,
// verifications, internal audits, manager training, telework and reports.

const day = (message = "employerValidation.dateInvalid") => z.iso.date(message);
/** Text a person must fill in: trimmed, not empty, at most `max` characters. */
const required = (max: number, message: string) =>
  text().check(trim(), z.minLength(1, message), maxLength(max, "employerValidation.tooLong"));
const optional = (max: number) => z._default(text().check(trim(), maxLength(max, "employerValidation.tooLong")), "");

// Surveys.
export const openSurveyInputSchema = z.object({ resultsShared: z._default(z.boolean(), false) });
export const surveySharingInputSchema = z.object({ resultsShared: z.boolean() });

const redFlag = z.object({ category: z.enum(SURVEY_CATEGORIES), score: z.number(), severity: z.enum(["critical", "high"]) });
export const periodFiguresSchema = z.object({
  responses: z.number(),
  employeesWithAccess: z.number(),
  participationPercent: z.number(),
  overall: z.number(),
  categoryAverages: z.record(z.string(), z.number()),
  questionScores: z.record(z.string(), z.number()),
  redFlags: z.array(redFlag),
  /** The period's "did it help?" averages, by the follow-up's place ("0", "1"…), out of 5. */
  followUpScores: z.record(z.string(), z.number()),
});
export type PeriodFigures = z.infer<typeof periodFiguresSchema>;

export const surveyPeriodSchema = z.object({
  surveyId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  open: z.boolean(),
  resultsShared: z.boolean(),
  invitationsSentAt: z.nullable(z.string()),
  reminderSentAt: z.nullable(z.string()),
  closedAt: z.nullable(z.string()),
  /** Null under five responses: the period is listed, nothing is shown of it. */
  figures: z.nullable(periodFiguresSchema),
  /** Against the previous period that has figures; null for the first one. */
  trend: z.nullable(z.enum(["improvement", "deterioration", "stable"])),
  /** What it asked after the standard questions: did each action published since the last survey help? */
  followUps: z.array(z.object({ position: z.number(), category: z.enum(SURVEY_CATEGORIES), text: z.string() })),
});
export type SurveyPeriodView = z.infer<typeof surveyPeriodSchema>;

export const surveyAdminSchema = z.object({
  /** The period an employer would open today, from the organisation's rhythm. */
  currentPeriod: z.object({ opens: z.string(), closes: z.string() }),
  employeesWithAccess: z.number(),
  /** Of them, those who asked for email notifications: survey invitations and reminders are mailed to them only. */
  employeesToEmail: z.number(),
  /** Newest first; the open one (if any) comes first. */
  periods: z.array(surveyPeriodSchema),
});
export type SurveyAdmin = z.infer<typeof surveyAdminSchema>;

// Committee.
export const memberInputSchema = z.object({
  name: required(120, "employerValidation.nameRequired"),
  role: z.enum(COMMITTEE_ROLES, "employerValidation.roleRequired"),
  electedDate: day("employerValidation.electedDateRequired"),
  contactEmail: optional(254),
  contactPhone: optional(40),
});
export type MemberInput = z.input<typeof memberInputSchema>;
export const endTermInputSchema = z.object({ termEndDate: day() });

/** The lengths a meeting may be given, in minutes (the form offers these; the server takes any in their range). */
export const MEETING_MINUTES = [30, 45, 60, 90, 120, 180, 240] as const;
export const DEFAULT_MEETING_MINUTES = 90;
/** Where Québec's employers meet, when a client names no zone. */
export const DEFAULT_MEETING_TIME_ZONE = "America/Toronto";

export const meetingInputSchema = z.object({
  title: required(160, "employerValidation.titleRequired"),
  date: day("employerValidation.dateRequired"),
  /** "14:00" on the wall clock of `timeZone`; empty: a meeting known by its day only (an all-day event in calendars). */
  time: z._default(z.union([z.literal(""), z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, "employerValidation.timeInvalid"))]), ""),
  durationMinutes: z._default(
    z
      .number()
      .check(z.int(), z.gte(MEETING_MINUTES[0], "employerValidation.durationInvalid"), z.lte(720, "employerValidation.durationInvalid")),
    DEFAULT_MEETING_MINUTES,
  ),
  location: optional(200),
  timeZone: z._default(timeZone(), DEFAULT_MEETING_TIME_ZONE),
  keyDecisions: optional(4000),
});
export type MeetingInput = z.input<typeof meetingInputSchema>;

/** A member's calendar link, shown once when it is made: only its hash is kept. */
export const calendarLinkSchema = z.object({ url: z.string(), subscribeUrl: z.string() });
export type CalendarLink = z.infer<typeof calendarLinkSchema>;
/** The feed's address: its token and the file name calendars expect. */
export const calendarFeedParamsSchema = z.object({
  feed: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}\.ics$/, "validation.invalid")),
});

export const feedbackReplyInputSchema = z.object({
  status: z.enum(FEEDBACK_STATUSES),
  response: optional(4000),
});
export type FeedbackReplyInput = z.input<typeof feedbackReplyInputSchema>;

export const committeeAdminSchema = z.object({
  overview: z.object({
    activeMembers: z.number(),
    meetingsLast12Months: z.number(),
    lastMeetingOn: z.nullable(z.string()),
    decisions: z.number(),
    feedbackNew: z.number(),
    feedbackInProgress: z.number(),
    feedbackReviewed: z.number(),
    actionsOpen: z.number(),
    actionsCompleted: z.number(),
  }),
  members: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      role: z.enum(COMMITTEE_ROLES),
      contactEmail: z.string(),
      contactPhone: z.string(),
      electedOn: z.string(),
      termEndOn: z.nullable(z.string()),
      active: z.boolean(),
      /** When the member's calendar link was made; null: none (or revoked). */
      calendarLinkSince: z.nullable(z.string()),
    }),
  ),
  /** Newest first, cancelled ones included (marked): calendars learn of a cancellation under the same event. */
  meetings: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      date: z.string(),
      /** "14:00", or null for a meeting known by its day only. */
      time: z.nullable(z.string()),
      durationMinutes: z.number(),
      location: z.string(),
      timeZone: z.string(),
      keyDecisions: z.string(),
      cancelledAt: z.nullable(z.string()),
    }),
  ),
  /** Each line of a meeting's key decisions, newest meeting first. */
  decisions: z.array(z.object({ meetingId: z.string(), meetingTitle: z.string(), date: z.string(), decision: z.string() })),
  feedback: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      message: z.string(),
      category: z.enum(FEEDBACK_CATEGORIES),
      status: z.enum(FEEDBACK_STATUSES),
      anonymous: z.boolean(),
      /** The author's username, for signed feedback only. */
      author: z.nullable(z.string()),
      createdAt: z.string(),
      response: z.nullable(z.string()),
      respondedAt: z.nullable(z.string()),
    }),
  ),
});
export type CommitteeAdmin = z.infer<typeof committeeAdminSchema>;

// Action plan.
export const actionInputSchema = z.object({
  title: required(200, "employerValidation.titleRequired"),
  description: optional(4000),
  priority: z._default(z.enum(ACTION_PRIORITIES), "medium"),
  dueDate: z._default(z.nullable(day()), null),
  assignedTo: optional(120),
  /** The red flag it answers: a survey period's id and one of its flagged categories. */
  redFlag: z._default(z.nullable(z.object({ surveyId: text().check(maxLength(100)), category: z.enum(SURVEY_CATEGORIES) })), null),
});
export type ActionInput = z.input<typeof actionInputSchema>;
export const actionTransitionSchema = z.object({ status: z.enum(ACTION_STATUSES) });

export const actionItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  priority: z.enum(ACTION_PRIORITIES),
  dueOn: z.nullable(z.string()),
  assignedTo: z.string(),
  status: z.enum(ACTION_STATUSES),
  completedAt: z.nullable(z.string()),
  createdAt: z.string(),
  redFlag: z.nullable(
    z.object({
      surveyId: z.string(),
      category: z.enum(SURVEY_CATEGORIES),
      periodStart: z.string(),
      /** The category's score in the flagged period. */
      score: z.nullable(z.number()),
      /** In the next period with figures, if there is one yet. */
      nextScore: z.nullable(z.number()),
      outcome: z.enum(["improved", "worse", "unchanged", "not_measured"]),
    }),
  ),
  /** What employees read of it ("you said, we did"), and since when; null: not published. */
  published: z.nullable(z.object({ text: z.string(), at: z.string() })),
  /** The later survey that asked whether it helped, and its answer once five or more responded (out of 5). */
  followUp: z.nullable(z.object({ surveyId: z.string(), periodStart: z.string(), helped: z.nullable(z.number()) })),
});
export type ActionItem = z.infer<typeof actionItemSchema>;
/** The words employees read of an action answering a red flag: the employer writes or reviews them. */
export const PUBLISHED_TEXT_MAX = 600;
export const publicationInputSchema = z.object({
  text: required(PUBLISHED_TEXT_MAX, "employerValidation.publishedTextRequired"),
});
export type PublicationInput = z.infer<typeof publicationInputSchema>;
export const actionPlanSchema = z.object({ actions: z.array(actionItemSchema) });

// Policies.
/** The spec's limit for a policy PDF. */
export const POLICY_MAX_BYTES = POLICY_MAX_MB * MEGABYTE;
export const employerPoliciesSchema = z.object({
  policies: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      size: z.number(),
      uploadedAt: z.string(),
      uploadedBy: z.nullable(z.string()),
      url: z.string(),
    }),
  ),
  acknowledgment: z.object({ employees: z.number(), acknowledged: z.number(), percent: z.nullable(z.number()), compliant: z.boolean() }),
});
export type EmployerPolicies = z.infer<typeof employerPoliciesSchema>;

// Verifications.
export const verificationSchema = z.object({
  id: z.string(),
  date: z.string(),
  responsiblePerson: z.nullable(z.string()),
  status: z.enum(["planned", "done"]),
  doneAt: z.nullable(z.string()),
  note: z.nullable(z.string()),
});
export const verificationsSchema = z.object({ verifications: z.array(verificationSchema) });
export type Verification = z.infer<typeof verificationSchema>;
export const responsibleInputSchema = z.object({ responsiblePerson: required(120, "employerValidation.responsibleRequired") });
export const verificationDoneInputSchema = z.object({ note: optional(2000) });

// Internal audit.
const auditAnswer = z
  .int()
  .check(z.minimum(AUDIT_SCALE.min, "employerValidation.answerAll"), z.maximum(AUDIT_SCALE.max, "employerValidation.answerAll"));
export const auditInputSchema = z.object({ stressReduction: auditAnswer, engagement: auditAnswer });
export type AuditInput = z.infer<typeof auditInputSchema>;
export const auditSchema = z.object({
  id: z.string(),
  stressReduction: z.number(),
  engagement: z.number(),
  average: z.number(),
  efficiencyPercent: z.number(),
  level: z.enum(AUDIT_LEVELS),
  submittedBy: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Audit = z.infer<typeof auditSchema>;
export const auditsSchema = z.object({ audits: z.array(auditSchema) });

// Manager training.
export const managerAttemptParamsSchema = z.object({ ...organizationIdParams.shape, attemptId: idParam() });
export const managerTrainingSchema = z.object({
  attempts: z.number(),
  passedAt: z.nullable(z.string()),
  certificateCode: z.nullable(z.string()),
  ...certificateValidity,
  /** Every member's certificate in this organisation, for the report. */
  trainedManagers: z.number(),
});
export type ManagerTraining = z.infer<typeof managerTrainingSchema>;

// Certificates: how long each kind holds, and who is due to renew.
export const validityInputSchema = z.object({
  kind: z.enum(CERTIFICATE_KINDS),
  /** Months; null: the kind never expires. */
  months: z.nullable(
    z.int().check(z.gte(1, "employerValidation.validityInvalid"), z.lte(VALIDITY_MONTHS_MAX, "employerValidation.validityInvalid")),
  ),
});
export type ValidityInput = z.infer<typeof validityInputSchema>;
export const certificateRenewalsSchema = z.object({
  validity: z.array(z.object({ kind: z.enum(CERTIFICATE_KINDS), months: z.nullable(z.number()), isDefault: z.boolean() })),
  /** Current certificates that expire within RENEWAL_NOTICE_DAYS, or have expired, soonest first. */
  due: z.array(
    z.object({
      code: z.string(),
      kind: z.enum(CERTIFICATE_KINDS),
      holder: z.string(),
      expiresOn: z.string(),
      expired: z.boolean(),
      /** When the holder was reminded (null: not yet, or they no longer work here). */
      remindedAt: z.nullable(z.string()),
    }),
  ),
});
export type CertificateRenewals = z.infer<typeof certificateRenewalsSchema>;

// Telework.
export const teleworkSchema = z.object({
  employees: z.array(
    z.object({
      userId: z.string(),
      username: z.string(),
      actions: z.array(z.object({ id: z.string(), action: z.string(), createdAt: z.string() })),
    }),
  ),
});
export type Telework = z.infer<typeof teleworkSchema>;
export const inclusionActionInputSchema = z.object({ action: required(1000, "employerValidation.actionRequired") });
export const remoteWorkInputSchema = z.object({ remote: z.boolean() });
export const remoteWorkSchema = z.object({ remote: z.boolean() });

// Reports.
export const reportQuerySchema = z
  .object({ from: day(), to: day() })
  .check(z.refine((q) => q.from <= q.to, { message: "employerValidation.periodOrder", path: ["to"] }));
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export { RISK_ZONES };

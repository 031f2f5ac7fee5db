import { z } from "zod/mini";
import { FOLLOW_UPS_MAX, SURVEY_CATEGORIES, SURVEY_QUESTIONS } from "../workplace/climate-survey.js";
import {
  CERTIFICATE_KINDS,
  EMPLOYEE_CERTIFICATE_KINDS,
  LEGAL_NAME_MAX_LENGTH,
  OPTIONS_PER_QUESTION,
  QUIZ_IDS,
  TRAINING_MODULE_IDS,
} from "../workplace/learning.js";
import { described, text, trim, maxLength } from "./text.js";
import { emailSchema } from "./account-fields.js";
import { LANGUAGES } from "../i18n/languages.js";
import { nameText } from "./names.js";
import { idParam } from "./organizations.js";
import { ACCESS_CODE_MAX_LENGTH, MAX_CODE_USES } from "../constants.js";

// The workplace well-being area: access codes, the climate survey, training,
// policies and quizzes, challenges and the health-and-safety committee.

/** Typed codes are matched in upper case, without the spaces and dashes people add. */
export const normalizeAccessCode = (value: string) => value.toUpperCase().replace(/[\s-]/g, "");

export const unlockInputSchema = z.object({
  code: text().check(
    trim(),
    z.minLength(1, "workplaceValidation.codeRequired"),
    maxLength(ACCESS_CODE_MAX_LENGTH, "workplaceValidation.codeTooLong"),
  ),
});
export type UnlockInput = z.infer<typeof unlockInputSchema>;

export const accessStateSchema = z.object({
  hasAccess: z.boolean(),
  employerName: z.nullable(z.string()),
  /** Without access: an employer's staff directory lists the person's verified address, and asks them to join (issue 58 §3). */
  invitation: z.nullable(z.object({ id: z.string(), employerName: z.string() })),
});
export type AccessState = z.infer<typeof accessStateSchema>;
export const invitationParamsSchema = z.object({ id: text().check(z.minLength(1), maxLength(100)) });

// The employer's side, in the organisation dashboard's settings.

/** The employer's staff directory (SCIM, issue 47 §2): connected or not, and whom the provider sent. */
export const directoryStateSchema = z.object({
  connected: z.boolean(),
  /** The SCIM base URL to give the identity provider. */
  baseUrl: z.string(),
  createdAt: z.nullable(z.string()),
  lastUsedAt: z.nullable(z.string()),
  people: z.object({ active: z.int(), inactive: z.int(), linked: z.int() }),
});
export type DirectoryState = z.infer<typeof directoryStateSchema>;

/** An identity provider's issuer: HTTPS, or plain HTTP on this machine only (development, tests). */
const PORT = "(?::(?:[0-9]{1,4}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?";
const ISSUER_PATTERN = `^(?:https://(?:\\[[0-9A-Fa-f:.]+\\]|[^\\s/?#:@\\[\\]]+)|http://(?:localhost|127\\.0\\.0\\.1|\\[::1\\]))${PORT}(?:/[^\\s?#]*)?$`;
const issuerSchema = text()
  .check(trim(), maxLength(500, "validation.tooLong"), z.regex(new RegExp(ISSUER_PATTERN), "validation.issuerInvalid"))
  .check(
    described(
      z.refine((value: string) => URL.canParse(value), "validation.issuerInvalid"),
      { pattern: ISSUER_PATTERN, format: "uri" },
    ),
  );

/** The employer's OpenID Connect provider (issue 47 §1); a null secret keeps the one saved. */
export const ssoSettingsInputSchema = z.object({
  issuer: issuerSchema,
  clientId: text().check(trim(), z.minLength(1, "validation.fieldRequired"), maxLength(255, "validation.tooLong")),
  clientSecret: z.nullable(text().check(trim(), z.minLength(1, "validation.fieldRequired"), maxLength(1000, "validation.tooLong"))),
});
export type SsoSettingsInput = z.infer<typeof ssoSettingsInputSchema>;

/** The provider as saved (never its secret), and the two addresses the employer hands out. */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.nullable(z.string()),
  clientId: z.nullable(z.string()),
  updatedAt: z.nullable(z.string()),
  /** To register at the provider as the client's redirect URI. */
  redirectUri: z.string(),
  /** Where employees start signing in. */
  signInUrl: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** "Send to your IT person" (issue 61 §2): whom to mail the guide to, and in which language. */
export const itHandoffInputSchema = z.object({ email: emailSchema, language: z.enum(LANGUAGES) });
export type ItHandoffInput = z.infer<typeof itHandoffInputSchema>;
/** The link just sent, for the employer to copy as well. */
export const itHandoffSentSchema = z.object({ url: z.string(), expiresAt: z.string() });
/** What the IT person's page shows: this employer's values for the providers' guide, and nothing else. */
export const itHandoffSchema = z.object({
  organizationName: z.string(),
  language: z.enum(LANGUAGES),
  expiresAt: z.string(),
  redirectUri: z.string(),
  signInUrl: z.string(),
  scimUrl: z.string(),
  ssoConfigured: z.boolean(),
  directoryConnected: z.boolean(),
});
export type ItHandoff = z.infer<typeof itHandoffSchema>;

/** A first sign-in waiting for the person: whose provider, which address, whether a Kindly account holds it. */
export const ssoPendingStateSchema = z.object({
  employerName: z.string(),
  email: z.string(),
  accountExists: z.boolean(),
  suggestedUsername: z.string(),
  /** The provider cannot vouch for this address (its domain is not one the employer verified): a mailed link confirms it first. */
  needsConfirmation: z.boolean(),
  /** That link was sent, for the username chosen. */
  confirmationSent: z.boolean(),
});
export type SsoPendingState = z.infer<typeof ssoPendingStateSchema>;
export const ssoPendingParamsSchema = z.object({ token: text().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "validation.tokenMissing")) });
/** What creating the account did: signed the person in, or mailed the link that confirms their address. */
export const ssoAccountResultSchema = z.object({ status: z.enum(["signed_in", "confirmation_sent"]) });
export type SsoAccountResult = z.infer<typeof ssoAccountResultSchema>;
export const ssoConfirmInputSchema = z.object({ code: text().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "validation.tokenMissing")) });

/** An email domain as an employer types it: lower case, dot-separated labels, a top-level domain of letters. */
const DOMAIN_PATTERN = "^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$";
export const emailDomainInputSchema = z.object({
  domain: text().check(trim(), z.toLowerCase(), z.regex(new RegExp(DOMAIN_PATTERN), "validation.domainInvalid")),
});
export const emailDomainParamsSchema = z.object({
  organizationId: idParam(),
  domain: text().check(z.regex(new RegExp(DOMAIN_PATTERN), "validation.domainInvalid")),
});
/** A domain the employer claims, the TXT record that proves it, and whether Kindly found it. */
export const emailDomainSchema = z.object({
  domain: z.string(),
  recordName: z.string(),
  recordValue: z.string(),
  verifiedAt: z.nullable(z.string()),
  checkedAt: z.nullable(z.string()),
});
export type EmailDomain = z.infer<typeof emailDomainSchema>;
export const emailDomainListSchema = z.object({ domains: z.array(emailDomainSchema) });

/** An employer's sign-in linked to the account (a reset shows them, so the owner can cut one off). */
export const linkedSignInSchema = z.object({ organizationId: z.string(), employerName: z.string(), linkedAt: z.string() });
export const linkedSignInListSchema = z.object({ linkedSignIns: z.array(linkedSignInSchema) });
export type LinkedSignIn = z.infer<typeof linkedSignInSchema>;

/** A new SCIM bearer token: shown this once, only its hash is kept. */
export const directoryTokenSchema = z.object({ token: z.string(), baseUrl: z.string() });
export type DirectoryToken = z.infer<typeof directoryTokenSchema>;
export const accessCodeInputSchema = z.object({
  maxUses: z.int().check(z.minimum(1, "workplaceValidation.maxUses"), z.maximum(MAX_CODE_USES, "workplaceValidation.maxUses")),
  /** The last day the code works ('YYYY-MM-DD', through the end of that day in Montréal); none = no expiry. */
  expiresOn: z.nullable(z.iso.date("workplaceValidation.expiry")),
});
export type AccessCodeInput = z.infer<typeof accessCodeInputSchema>;

export const accessCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  maxUses: z.number(),
  uses: z.number(),
  expiresAt: z.nullable(z.string()),
  active: z.boolean(),
  createdAt: z.string(),
});
export type AccessCode = z.infer<typeof accessCodeSchema>;
export const accessCodesSchema = z.object({ codes: z.array(accessCodeSchema) });

export const employeeWithAccessSchema = z.object({ userId: z.string(), username: z.string(), grantedAt: z.string() });
export type EmployeeWithAccess = z.infer<typeof employeeWithAccessSchema>;
export const employeesWithAccessSchema = z.object({ employees: z.array(employeeWithAccessSchema) });

// Climate survey.
export const surveyStateSchema = z.object({
  survey: z.nullable(
    z.object({
      id: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      answered: z.boolean(),
      resultsShared: z.boolean(),
      /**
       * Whether shared results can be shown (the published tallies reached the
       * threshold). Never the count under it: that would move one person at a time.
       */
      resultsReady: z.boolean(),
      /** After the standard questions: did each action published since the last survey help? (issue 47 §6) */
      followUps: z.array(z.object({ category: z.enum(SURVEY_CATEGORIES), text: z.string() })),
    }),
  ),
  /** The next six survey dates (the 15th, every two months). */
  schedule: z.array(z.object({ opens: z.string(), closes: z.string() })),
});
export type SurveyState = z.infer<typeof surveyStateSchema>;

/** The standard questions' answers, then the survey's follow-ups'. */
export const surveySubmissionSchema = z
  .object({
    answers: z
      .array(z.int().check(z.minimum(1), z.maximum(5)))
      .check(
        z.minLength(SURVEY_QUESTIONS.length, "workplaceValidation.answerEveryQuestion"),
        maxLength(SURVEY_QUESTIONS.length + FOLLOW_UPS_MAX, "workplaceValidation.answerEveryQuestion"),
      ),
  })
  .check(
    // How many follow-ups a survey asks is the survey's, not the body's: the server counts them
    // (climate-survey-service.ts); this check only states the rule in the API's document.
    described(
      z.refine(() => true),
      {
        crossField: {
          field: "answers",
          rule: "one answer per standard question, then one per follow-up the survey asks (GET /api/workplace/survey: survey.followUps)",
        },
      },
    ),
  );

/**
 * "You said, we did": what the employer did about a red flag, as it published
 * it for employees. The figures are those everyone could already see (from
 * five responses or more): the flagged category's score, and once a later
 * survey asked about it with shared results, how much it helped.
 */
export const youSaidWeDidSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      category: z.enum(SURVEY_CATEGORIES),
      text: z.string(),
      publishedAt: z.string(),
      periodStart: z.string(),
      /** Out of 5, in the survey that raised it. */
      score: z.nullable(z.number()),
      /** Out of 5 (5: it helped), in the next survey, once its results are shared. */
      helped: z.nullable(z.number()),
    }),
  ),
});
export type YouSaidWeDid = z.infer<typeof youSaidWeDidSchema>;
export type SurveySubmission = z.infer<typeof surveySubmissionSchema>;

const categoryAverages = z.record(z.string(), z.number());
export const surveyResultsSchema = z.object({
  responses: z.number(),
  employeesWithAccess: z.number(),
  /** Responses ÷ employees with access, as a whole percent (at most 100). */
  participationPercent: z.number(),
  overall: z.number(),
  categoryAverages,
  redFlags: z.array(z.object({ category: z.string(), score: z.number(), severity: z.enum(["critical", "high"]) })),
});
export type SurveyResults = z.infer<typeof surveyResultsSchema>;

// Training, quizzes and certificates.
const completion = {
  score: z.nullable(z.number()),
  attempts: z.number(),
  completedAt: z.nullable(z.string()),
};
/**
 * How long a certificate holds: the day it expires (null: never) and whether
 * its renewal is open (RENEWAL_NOTICE_DAYS before that day, and after it):
 * the training or quiz can then be taken again, and passing issues a new version.
 */
export const certificateValidity = {
  expiresOn: z.nullable(z.string()),
  renewalOpen: z.boolean(),
};
export const trainingProgressSchema = z.object({
  /** While the training's renewal is open, a module counts as completed once passed again. */
  modules: z.array(
    z.object({ id: z.enum(TRAINING_MODULE_IDS), state: z.enum(["not_started", "in_progress", "completed"]), ...completion }),
  ),
  certificate: z.nullable(
    z.object({ code: z.string(), completedAt: z.string(), employerName: z.string(), holder: z.string(), ...certificateValidity }),
  ),
});
export type TrainingProgress = z.infer<typeof trainingProgressSchema>;

export const moduleParamsSchema = z.object({ moduleId: z.enum(TRAINING_MODULE_IDS) });
export const quizParamsSchema = z.object({ quizId: z.enum(QUIZ_IDS) });
export const moduleAttemptParamsSchema = z.object({ moduleId: z.enum(TRAINING_MODULE_IDS), attemptId: idParam() });
export const quizAttemptParamsSchema = z.object({ quizId: z.enum(QUIZ_IDS), attemptId: idParam() });

/**
 * An attempt as the server drew it: the questions' ids in their pool and,
 * for each, its options in the order shown (`options[shown]` = the option's
 * place in the message files). No answer key.
 */
export const drawnAttemptSchema = z.object({
  attemptId: z.string(),
  questions: z.array(z.object({ id: z.string(), options: z.array(z.int()) })),
});
export type DrawnAttempt = z.infer<typeof drawnAttemptSchema>;

/** The answers to a drawn attempt: for each question, the place of the chosen option as shown. */
export const attemptAnswersSchema = z.object({
  answers: z.array(z.int().check(z.minimum(0), z.maximum(OPTIONS_PER_QUESTION - 1))).check(z.minLength(1), maxLength(10)),
});

/**
 * A graded module or quiz attempt: which questions were answered right.
 * Never which option was right — a retry draws other questions, and the
 * explanation of a missed question's topic is what teaches.
 */
export const learningGradeSchema = z.object({
  correct: z.number(),
  total: z.number(),
  scorePercent: z.number(),
  passed: z.boolean(),
  attempts: z.number(),
  results: z.array(z.object({ questionId: z.string(), right: z.boolean() })),
  certificateCode: z.nullable(z.string()),
});
export type LearningGrade = z.infer<typeof learningGradeSchema>;

export const quizzesStateSchema = z.object({
  quizzes: z.array(
    z.object({
      id: z.enum(QUIZ_IDS),
      attempts: z.number(),
      passedAt: z.nullable(z.string()),
      certificateCode: z.nullable(z.string()),
      ...certificateValidity,
    }),
  ),
});
export type QuizzesState = z.infer<typeof quizzesStateSchema>;

export const certificateKindParamsSchema = z.object({ kind: z.enum(EMPLOYEE_CERTIFICATE_KINDS) });
export const certificateCodeParamsSchema = z.object({ code: text().check(z.minLength(1), maxLength(40)) });
/** What /verify/{code} shows: the holder, the certificate and the date, nothing else. */
/**
 * What anyone holding a code may learn, the same facts the certificate
 * prints: the holder, the training (its title and outcomes follow from the
 * kind), its duration, the completion date, the employer and the signatory.
 */
export const certificateCheckSchema = z.object({
  code: z.string(),
  holder: z.string(),
  kind: z.enum(CERTIFICATE_KINDS),
  completedOn: z.string(),
  employer: z.string(),
  durationMinutes: z.number(),
  signatory: z.nullable(z.object({ name: z.string(), title: z.string() })),
  /**
   * A later version replaced it: when, the new version's code, and why (its
   * holder's legal name changed, or its holder renewed it).
   */
  superseded: z.nullable(z.object({ on: z.string(), by: z.string(), reason: z.enum(["renamed", "renewed"]) })),
  /** The day it stops being valid (null: never), and whether that day has passed. */
  expiresOn: z.nullable(z.string()),
  expired: z.boolean(),
  /** When its employer withdrew it (null: never): it no longer certifies anything. */
  withdrawnOn: z.nullable(z.string()),
});

/** The full legal name certificates carry: asked once, editable. */
export const legalNameInputSchema = z.object({
  legalName: nameText(2, LEGAL_NAME_MAX_LENGTH, {
    tooShort: "workplaceValidation.legalNameRequired",
    tooLong: "workplaceValidation.legalNameTooLong",
  }),
});
export type LegalNameInput = z.infer<typeof legalNameInputSchema>;
export const legalNameStateSchema = z.object({ legalName: z.nullable(z.string()) });
export type LegalNameState = z.infer<typeof legalNameStateSchema>;

/** Who signs the employer's certificates (settings): both or neither. */
export const signatoryInputSchema = z.object({
  name: nameText(2, 80, { tooShort: "workplaceValidation.signatoryNameRequired", tooLong: "workplaceValidation.tooLong" }),
  title: text().check(trim(), z.minLength(2, "workplaceValidation.signatoryTitleRequired"), maxLength(80, "workplaceValidation.tooLong")),
});
export type SignatoryInput = z.infer<typeof signatoryInputSchema>;
export const signatoryStateSchema = z.object({ signatory: z.nullable(z.object({ name: z.string(), title: z.string() })) });
export type SignatoryState = z.infer<typeof signatoryStateSchema>;
export type CertificateCheck = z.infer<typeof certificateCheckSchema>;

// Policies.
export const policyFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
  /** A signed link that works for one hour. */
  url: z.string(),
});
export const policiesSchema = z.object({ policies: z.array(policyFileSchema) });
export const signedFileQuerySchema = z.object({
  expires: z.coerce.number().check(z.int()),
  signature: text().check(z.minLength(1), maxLength(200)),
});

// Challenges.
export const challengesSchema = z.object({
  month: z.string(),
  target: z.number(),
  personal: z.number(),
  team: z.object({ members: z.number(), total: z.number(), goal: z.number(), averagePerPerson: z.number() }),
});
export type Challenges = z.infer<typeof challengesSchema>;

// Committee.
export const COMMITTEE_ROLES = [
  "president",
  "vice_president",
  "secretary",
  "worker_representative",
  "employer_representative",
  "safety_officer",
  "liaison",
] as const;
export const FEEDBACK_CATEGORIES = ["safety", "health", "wellbeing", "other"] as const;
export const FEEDBACK_STATUSES = ["submitted", "pending", "reviewed"] as const;
export const ACTION_PRIORITIES = ["critical", "high", "medium", "low"] as const;
export const ACTION_STATUSES = ["pending", "in_progress", "completed"] as const;
export const MEETINGS_SHOWN = 5;
export const INITIATIVES_SHOWN = 10;

export const committeeSchema = z.object({
  members: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(COMMITTEE_ROLES), electedOn: z.string() })),
  meetings: z.array(z.object({ id: z.string(), title: z.string(), date: z.string(), keyDecisions: z.string() })),
  initiatives: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.enum(ACTION_STATUSES),
      priority: z.enum(ACTION_PRIORITIES),
      dueOn: z.nullable(z.string()),
    }),
  ),
  myFeedback: z.array(
    z.object({
      id: z.string(),
      subject: z.string(),
      category: z.enum(FEEDBACK_CATEGORIES),
      status: z.enum(FEEDBACK_STATUSES),
      createdAt: z.string(),
      response: z.nullable(z.string()),
      respondedAt: z.nullable(z.string()),
    }),
  ),
});
export type Committee = z.infer<typeof committeeSchema>;

export const FEEDBACK_SUBJECT_MAX = 160;
export const FEEDBACK_MESSAGE_MAX = 4000;
export const feedbackInputSchema = z.object({
  subject: text().check(
    trim(),
    z.minLength(1, "workplaceValidation.subjectRequired"),
    maxLength(FEEDBACK_SUBJECT_MAX, "workplaceValidation.tooLong"),
  ),
  message: text().check(
    trim(),
    z.minLength(1, "workplaceValidation.messageRequired"),
    maxLength(FEEDBACK_MESSAGE_MAX, "workplaceValidation.tooLong"),
  ),
  category: z._default(z.enum(FEEDBACK_CATEGORIES), "wellbeing"),
  anonymous: z._default(z.boolean(), false),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;

/**
 * The mails an employee may receive from the workplace area, which the
 * employer can read beforehand (issue 61 §2), each at the moment it is sent.
 */
export const EMPLOYEE_MAILS = ["surveyInvitation", "surveyReminder", "certificateRenewal", "directoryInvitation"] as const;
export type EmployeeMail = (typeof EMPLOYEE_MAILS)[number];
export const employeeMailPreviewParams = z.object({ organizationId: idParam(), mail: z.enum(EMPLOYEE_MAILS) });
export const employeeMailPreviewQuery = z.object({ language: z.enum(LANGUAGES) });
/** A mail as the employee would get it: its subject, its HTML and text, and the push sent beside it (if any). */
export const employeeMailPreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  push: z.nullable(z.object({ title: z.string(), body: z.string() })),
});
export type EmployeeMailPreview = z.infer<typeof employeeMailPreviewSchema>;

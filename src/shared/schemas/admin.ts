import { z } from "zod/mini";
import { emptyLocalized, localizedSchema } from "../i18n/localized-text.js";
import { requiredText } from "./account-fields.js";
import { CONTEST_STATES } from "./contests.js";
import { INDUSTRIES, ORGANIZATION_TYPES } from "./organizations.js";
import { roleSchema } from "./roles.js";
import { described, text, trim, maxLength } from "./text.js";
import { nameText } from "./names.js";
import { MANUAL_ACTS_MAX, ORG_CODE_LENGTH, WINNERS_MAX } from "../constants.js";

// The admin panel's requests and answers (docs/spec/organisation.md, Admin panel).

const optionalText = (max: number) => z._default(text().check(trim(), maxLength(max, "validation.tooLong")), "");

export const PROOF_TYPES = ["video", "photo", "both"] as const;

/** docs/spec/organisation.md §5: organisation, description and a count of 1 to 100; the proof and the date it happened. */
export const manualActsSchema = z.object({
  organizationId: text().check(z.minLength(1, "validation.campaignRequired"), maxLength(100, "validation.tooLong")),
  count: z.coerce
    .number()
    .check(
      z.int("adminValidation.countRange"),
      z.gte(1, "adminValidation.countRange"),
      z.lte(MANUAL_ACTS_MAX, "adminValidation.countRange"),
    ),
  description: text().check(trim(), z.minLength(1, "validation.campaignRequired"), maxLength(1000, "validation.tooLong")),
  proofType: z.enum(PROOF_TYPES, { error: () => "validation.chooseOne" }),
  proofDescription: optionalText(1000),
  /** The New York day the acts were performed; not in the future (the server checks against its own clock). */
  performedOn: z.iso.date("adminValidation.dateInvalid"),
});
export type ManualActsInput = z.input<typeof manualActsSchema>;

export const manualActsResultSchema = z.object({ batchId: z.string(), count: z.number(), start: z.number(), end: z.number() });

export const manualBatchSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  count: z.number(),
  start: z.number(),
  end: z.number(),
  description: z.string(),
  proofType: z.enum(PROOF_TYPES),
  proofDescription: z.string(),
  performedOn: z.string(),
  recordedBy: z.nullable(z.string()),
  recordedAt: z.string(),
});
export type ManualBatch = z.infer<typeof manualBatchSchema>;

export const pageQuerySchema = z.object({
  q: z._default(text().check(trim(), maxLength(100, "validation.tooLong")), ""),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
});
export const ADMIN_PAGE_SIZE = 20;
export const userListQuerySchema = z.extend(pageQuerySchema, { order: z._default(z.enum(["acts", "newest"]), "acts") });

export const adminPage = <T extends z.core.SomeType>(item: T) => z.object({ items: z.array(item), page: z.number(), hasMore: z.boolean() });

export const manualBatchListSchema = adminPage(manualBatchSchema);

export const overviewSchema = z.object({
  totalActs: z.number(),
  actsToday: z.number(),
  manualActs: z.number(),
  members: z.number(),
  suspendedAccounts: z.number(),
  organizationsByType: z.object({ company: z.number(), "non-profit": z.number(), government: z.number() }),
  pendingRequests: z.number(),
  /** Outgoing mail that failed in the last RECENT_ACTIVITY_HOURS. */
  mailFailures: z.number(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const ORG_CODE = new RegExp(`^[A-Z0-9][A-Z0-9_-]{${ORG_CODE_LENGTH.min - 1},${ORG_CODE_LENGTH.max - 1}}$`);

/** docs/spec/organisation.md §5: "Name and org code are required". */
export const createOrganizationSchema = z.object({
  name: nameText(1, 160, { tooShort: "adminValidation.nameAndCode", tooLong: "validation.tooLong" }),
  type: z.enum(ORGANIZATION_TYPES, { error: () => "validation.chooseOne" }),
  industry: z._default(z.union([z.enum(INDUSTRIES), z.literal("")], { error: () => "validation.chooseOne" }), ""),
  orgCode: z
    .pipe(
      text().check(trim(), z.minLength(1, "adminValidation.nameAndCode")),
      z.transform((value: string) => value.toUpperCase()),
    )
    .check(z.regex(ORG_CODE, "adminValidation.orgCodeFormat"))
    // As typed: any case (it is stored upper case), spaces around forgiven.
    .register(z.globalRegistry, {
      pattern: `^\\s*[A-Za-z0-9][A-Za-z0-9_-]{${ORG_CODE_LENGTH.min - 1},${ORG_CODE_LENGTH.max - 1}}\\s*$`,
    }),
});
export type CreateOrganizationInput = z.input<typeof createOrganizationSchema>;

export const adminOrganizationSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  industry: z.nullable(z.string()),
  orgCode: z.string(),
  members: z.number(),
  createdAt: z.string(),
});
export const adminOrganizationListSchema = adminPage(adminOrganizationSchema);

export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  country: z.nullable(z.string()),
  totalActs: z.number(),
  roles: z.array(roleSchema),
  isOfficial: z.boolean(),
  suspended: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = adminPage(adminUserSchema);

export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export const analyticsQuerySchema = z.object({
  days: z._default(
    z.coerce
      .number()
      .check(z.refine((value: number) => (ANALYTICS_PERIODS as readonly number[]).includes(value), "validation.chooseOne"))
      .register(z.globalRegistry, { enum: [...ANALYTICS_PERIODS] }),
    30,
  ),
});
export const adminAnalyticsSchema = z.object({
  days: z.number(),
  topCountries: z.array(z.object({ country: z.string(), acts: z.number() })),
  /** Every New York day of the period, oldest first, zeros included. */
  actsPerDay: z.array(z.object({ day: z.string(), acts: z.number() })),
  /** Weeks starting on Monday (New York), oldest first, zeros included. */
  newMembersPerWeek: z.array(z.object({ weekStart: z.string(), members: z.number() })),
});
export type AdminAnalytics = z.infer<typeof adminAnalyticsSchema>;

export const mailLogEntrySchema = z.object({
  kind: z.string(),
  recipient: z.string(),
  subject: z.string(),
  status: z.enum(["sent", "failed"]),
  error: z.nullable(z.string()),
  at: z.string(),
});
export const systemSchema = z.object({
  version: z.string(),
  database: z.object({ kind: z.enum(["embedded", "postgresql"]), version: z.string(), readReplica: z.boolean() }),
  mail: z.object({ transport: z.enum(["smtp", "outbox"]), from: z.string() }),
  storage: z.object({ kind: z.enum(["local", "s3"]), location: z.string() }),
  /** Free space of the data folder and of a local upload folder; `low` below DISK_WARNING_MB. */
  disk: z.array(z.object({ store: z.enum(["data", "uploads"]), location: z.string(), freeBytes: z.number(), low: z.boolean() })),
  rateLimiter: z.enum(["redis", "database"]),
  mailFailures: z.number(),
  mailLog: z.array(mailLogEntrySchema),
  /** Requests the rate limiter refused in the last hour, per rule, most first. */
  refusals: z.array(z.object({ rule: z.string(), refusals: z.number() })),
});
export type SystemStatus = z.infer<typeof systemSchema>;
export const mailLogQuerySchema = z.object({ failedOnly: z._default(z.enum(["true", "false"]), "false") });

// Contests.

const instant = z.iso.datetime({ offset: true, error: () => "adminValidation.dateInvalid" });
export const prizeInputSchema = z.object({
  category: localizedSchema(requiredText(120)),
  name: localizedSchema(requiredText(200)),
  quantity: z.coerce
    .number()
    .check(
      z.int("adminValidation.quantityRange"),
      z.gte(1, "adminValidation.quantityRange"),
      z.lte(WINNERS_MAX, "adminValidation.quantityRange"),
    ),
});
export const contestInputSchema = z
  .object({
    // Written in every language Kindly speaks: people read contests in theirs.
    name: localizedSchema(requiredText(160)),
    description: z._default(localizedSchema(optionalText(2000)), emptyLocalized),
    startsAt: instant,
    endsAt: instant,
    prizes: z.array(prizeInputSchema).check(z.minLength(1, "adminValidation.prizeRequired"), maxLength(20, "validation.tooLong")),
  })
  .check(
    described(
      z.refine((contest) => Date.parse(contest.endsAt) > Date.parse(contest.startsAt), {
        message: "adminValidation.contestDates",
        path: ["endsAt"],
      }),
      { crossField: { field: "endsAt", rule: "endsAt comes after startsAt" } },
    ),
  );
export type ContestInput = z.input<typeof contestInputSchema>;

export const adminWinnerSchema = z.object({
  drawOrder: z.number(),
  entrant: z.string(),
  prize: localizedSchema(z.string()),
  username: z.nullable(z.string()),
  email: z.nullable(z.string()),
  emailedAt: z.nullable(z.string()),
  emailFailedAt: z.nullable(z.string()),
  contactedAt: z.nullable(z.string()),
  /** The 48-hour promise: contact before this instant. */
  contactBy: z.string(),
});
export const adminContestSchema = z.object({
  id: z.string(),
  name: localizedSchema(z.string()),
  description: localizedSchema(z.string()),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(CONTEST_STATES),
  prizes: z.array(z.object({ category: localizedSchema(z.string()), name: localizedSchema(z.string()), quantity: z.number() })),
  entrants: z.number(),
  tickets: z.number(),
  seedHash: z.string(),
  drawnAt: z.nullable(z.string()),
  winners: z.array(adminWinnerSchema),
});
export type AdminContest = z.infer<typeof adminContestSchema>;
export const adminContestListSchema = z.object({ contests: z.array(adminContestSchema) });

/** The admin panel's list of accounts asked to be deleted (Law 25: the person in charge can show them). */
export const deletionRequestsSchema = z.object({
  requests: z.array(
    z.object({
      id: z.string(),
      /** Null once purged: nothing personal is left to show. */
      username: z.nullable(z.string()),
      email: z.nullable(z.string()),
      requestedAt: z.string(),
      purgeAfter: z.string(),
      purgedAt: z.nullable(z.string()),
    }),
  ),
});
export type DeletionRequests = z.infer<typeof deletionRequestsSchema>;

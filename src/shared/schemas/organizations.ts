import { z } from "zod/mini";
import { emailSchema, requiredText } from "./account-fields.js";
import { text, trim, maxLength } from "./text.js";
import { nameText } from "./names.js";
import { RADIUS, MAX_CARDS_PER_SERIES } from "../constants.js";
import { LANGUAGES } from "../i18n/languages.js";

/** How organisations are stored (the leaderboards split on it). */
export const ORGANIZATION_TYPES = ["company", "non-profit", "government"] as const;
export type OrganizationKind = (typeof ORGANIZATION_TYPES)[number];

/** docs/spec/organisation.md §3: the registration form's fixed industry list (message keys `industries.<key>`). */
export const INDUSTRIES = [
  "accounting",
  "agriculture",
  "architecture",
  "arts",
  "automotive",
  "banking",
  "construction",
  "consulting",
  "education",
  "energy",
  "engineering",
  "entertainment",
  "environment",
  "food-beverage",
  "government-public",
  "healthcare",
  "hospitality",
  "human-resources",
  "insurance",
  "legal",
  "manufacturing",
  "marketing",
  "media",
  "non-profit",
  "real-estate",
  "retail",
  "social-services",
  "sports",
  "technology",
  "telecommunications",
  "transportation",
  "online-publishing",
] as const;
export type Industry = (typeof INDUSTRIES)[number];

export const PLANS = ["physical", "virtual", "complete"] as const;
export type Plan = (typeof PLANS)[number];
export const PRIORITIES = ["employee-wellbeing", "visibility", "both-wellbeing-first", "both-visibility-first"] as const;

/** Phone numbers as people type them: digits, spaces, +, -, dots, parentheses, an extension. */
const phoneSchema = text().check(
  trim(),
  z.minLength(1, "validation.fieldRequired"),
  maxLength(40, "validation.tooLong"),
  z.regex(/^\+?[0-9 ().-]{7,}(?:\s*(?:x|ext\.?|poste)\s*\d{1,6})?$/i, "validation.phoneInvalid"),
);

/** An optional web address; a bare domain gets https:// in front. */
const websiteSchema = z
  .pipe(
    text().check(trim(), maxLength(300, "validation.tooLong")),
    z.transform((value: string) => (value === "" || /^https?:\/\//i.test(value) ? value : `https://${value}`)),
  )
  .check(z.refine((value: string) => value === "" || URL.canParse(value), "validation.websiteInvalid"))
  // As typed, what makes a web address: a host, perhaps a port and a path, no spaces inside (or nothing).
  .register(z.globalRegistry, { pattern: "^\\s*(?:(?:https?://)?[A-Za-z0-9.-]+(?::\\d{1,4})?(?:[/?#]\\S*)?)?\\s*$" });

/** A required name (names.ts: no invisible characters, a letter or a digit). */
const REQUIRED_NAME = { tooShort: "validation.fieldRequired", tooLong: "validation.tooLong" };

const choice = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: () => "validation.chooseOne" });

export const organizationRequestSchema = z.object({
  contactName: nameText(1, 120, REQUIRED_NAME),
  organizationName: nameText(1, 160, REQUIRED_NAME),
  type: choice(ORGANIZATION_TYPES),
  industry: choice(INDUSTRIES),
  email: emailSchema,
  phone: phoneSchema,
  website: z._default(websiteSchema, ""),
  description: z._default(text().check(trim(), maxLength(2000, "validation.tooLong")), ""),
  plan: z.enum(PLANS, { error: () => "validation.planRequired" }),
  priority: choice(PRIORITIES),
});
export type OrganizationRequestInput = z.input<typeof organizationRequestSchema>;

export const REQUEST_STATUSES = ["pending", "approved", "declined"] as const;

export const organizationRequestViewSchema = z.object({
  id: z.string(),
  organizationName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  website: z.string(),
  description: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  industry: z.string(),
  plan: z.enum(PLANS),
  priority: z.string(),
  status: z.enum(REQUEST_STATUSES),
  declineReason: z.nullable(z.string()),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
  /** Whether an account with the request's email exists (approval then attaches it at once). */
  requesterHasAccount: z.boolean(),
});
export type OrganizationRequestView = z.infer<typeof organizationRequestViewSchema>;
export const organizationRequestListSchema = z.object({ requests: z.array(organizationRequestViewSchema) });

export const requestListQuerySchema = z.object({ status: z._default(z.enum(REQUEST_STATUSES), "pending") });
export const declineRequestSchema = z.object({ reason: requiredText(1000) });
export const approveRequestAnswerSchema = z.object({
  organizationId: z.string(),
  /** "attached": the requester is now the owner; "invited": an invitation was mailed. */
  owner: z.enum(["attached", "invited"]),
});

/** Roles inside one organisation (not the account-wide roles). */
export const MEMBER_ROLES = ["owner", "admin", "business"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const myOrganizationsSchema = z.object({
  organizations: z.array(z.object({ id: z.string(), name: z.string(), type: z.enum(ORGANIZATION_TYPES), role: z.enum(MEMBER_ROLES) })),
  /** The official account may open any organisation's dashboard. */
  isOfficial: z.boolean(),
});
export type MyOrganizations = z.infer<typeof myOrganizationsSchema>;

export const organizationIdParams = z.object({ organizationId: text().check(z.minLength(1), maxLength(100)) });
export const idParam = () => text().check(z.minLength(1), maxLength(100));

export const organizationSettingsSchema = z.object({
  name: nameText(1, 160, REQUIRED_NAME),
  type: choice(ORGANIZATION_TYPES),
  industry: z.nullable(choice(INDUSTRIES)),
});
export type OrganizationSettingsInput = z.infer<typeof organizationSettingsSchema>;

export const organizationViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(ORGANIZATION_TYPES),
  industry: z.nullable(z.string()),
  orgCode: z.string(),
  createdAt: z.string(),
  myRole: z.nullable(z.enum(MEMBER_ROLES)),
  /** Its logo's address (versioned), when it uploaded one. */
  logoUrl: z.nullable(z.string()),
});
export type OrganizationView = z.infer<typeof organizationViewSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  since: z.string(),
});
export const invitationSchema = z.object({ id: z.string(), email: z.string(), role: z.enum(MEMBER_ROLES), expiresAt: z.string() });
export const membersSchema = z.object({ members: z.array(memberSchema), invitations: z.array(invitationSchema) });
export type Members = z.infer<typeof membersSchema>;

export const inviteMemberSchema = z.object({ email: emailSchema, role: z.enum(MEMBER_ROLES) });
export const inviteAnswerSchema = z.object({ status: z.enum(["added", "invited"]) });

/**
 * The sign-up link an invitation mails (to an organisation's owner after
 * approval, or to a colleague): its address carries the invitation, which the
 * page reads to fill the address in and keep it fixed, since the invitation
 * attaches only to an account on that address.
 */
export const INVITATION_PARAM = "invitation";
export const invitationSignUpPath = (invitationId: string) => `/auth?tab=signup&${INVITATION_PARAM}=${invitationId}`;
/** GET /api/invitations/:invitationId: what the sign-up page shows of a waiting invitation. */
export const invitationPreviewSchema = z.object({ email: z.string(), organizationName: z.string(), role: z.enum(MEMBER_ROLES) });
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

const coordinate = (min: number, max: number) => z.number({ error: () => "validation.coordinatesRequired" }).check(z.gte(min), z.lte(max));

export const locationInputSchema = z.object({
  name: text().check(trim(), z.minLength(1, "validation.locationNameAndAddress"), maxLength(120, "validation.tooLong")),
  address: text().check(trim(), z.minLength(1, "validation.locationNameAndAddress"), maxLength(300, "validation.tooLong")),
  city: z._default(text().check(trim(), maxLength(120, "validation.tooLong")), ""),
  province: z._default(text().check(trim(), maxLength(120, "validation.tooLong")), ""),
  postalCode: z._default(text().check(trim(), maxLength(20, "validation.tooLong")), ""),
  country: z._default(text().check(trim(), maxLength(120, "validation.tooLong")), ""),
  latitude: coordinate(-90, 90),
  longitude: coordinate(-180, 180),
  radiusMeters: z
    .number({ error: () => "validation.radiusRange" })
    .check(z.int("validation.radiusRange"), z.gte(RADIUS.min, "validation.radiusRange"), z.lte(RADIUS.max, "validation.radiusRange")),
});
export type LocationInput = z.input<typeof locationInputSchema>;

export const locationViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  postalCode: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  radiusMeters: z.number(),
  isActive: z.boolean(),
  scans: z.number(),
  createdAt: z.string(),
});
export type LocationView = z.infer<typeof locationViewSchema>;
/**
 * Places come a page at a time, active first, then by name (issue 62: a list
 * of hundreds, read whole, cost every opening of the dashboard more than any
 * figure on it). `nextAfter` is the next page's cursor, null on the last.
 */
export const LOCATIONS_PAGE_SIZE = 50;
export const locationPageQuerySchema = z.object({ after: z.optional(text().check(maxLength(1000))) });
export const locationListSchema = z.object({ locations: z.array(locationViewSchema), nextAfter: z.nullable(z.string()) });
export type LocationPage = z.infer<typeof locationListSchema>;
export const locationActiveSchema = z.object({ isActive: z.boolean() });
/** What deleting a location did: a location with acts is deactivated instead, so its history stays. */
export const CARD_SERIES_TYPES = ["physical", "portable"] as const;
export const cardSeriesInputSchema = z.object({
  name: requiredText(120),
  /** The name for readers of other languages, where the organisation gives one (blank: the name as written). */
  translations: z.optional(z.partialRecord(z.enum(LANGUAGES), text().check(trim(), maxLength(120, "validation.tooLong")))),
  cardType: choice(CARD_SERIES_TYPES),
  cardCount: z
    .number({ error: () => "validation.cardCountRange" })
    .check(
      z.int("validation.cardCountRange"),
      z.gte(1, "validation.cardCountRange"),
      z.lte(MAX_CARDS_PER_SERIES, "validation.cardCountRange"),
    ),
});
export type CardSeriesInput = z.infer<typeof cardSeriesInputSchema>;
export const cardSeriesViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  translations: z.partialRecord(z.enum(LANGUAGES), z.string()),
  cardType: z.enum(CARD_SERIES_TYPES),
  cardCount: z.number(),
  isActive: z.boolean(),
  scans: z.number(),
  createdAt: z.string(),
});
export type CardSeriesView = z.infer<typeof cardSeriesViewSchema>;
export const cardSeriesListSchema = z.object({ series: z.array(cardSeriesViewSchema) });

/** The exact link a printed code encodes, and what the dialog shows about it. */
export const qrLinkSchema = z.object({ url: z.string(), name: z.string(), type: z.enum(["virtual", "physical", "portable"]) });
export type QrLink = z.infer<typeof qrLinkSchema>;

/**
 * The print kit's designs (issue 30): a place's code as a poster (three
 * designs since issue 43: spotlight, bold colour, live count), a folded
 * table tent or a sheet of round stickers; a card series' as business-size
 * cards or stickers (a portable series' numbered, one card each).
 */
export const PRINT_DESIGNS = ["poster", "poster-bold", "poster-count", "tent", "cards", "stickers"] as const;
export type PrintDesign = (typeof PRINT_DESIGNS)[number];
export const PAPERS = ["letter", "a4"] as const;
export type Paper = (typeof PAPERS)[number];
/** The designs each kind of code prints as, the first being the default. */
export const DESIGNS_BY_SOURCE = {
  locations: ["poster", "poster-bold", "poster-count", "tent", "stickers"],
  "card-series": ["cards", "stickers"],
} as const satisfies Record<string, readonly PrintDesign[]>;

export const DASHBOARD_PERIODS = [7, 30, 90] as const;
export const periodQuerySchema = z.object({
  days: z._default(
    z.coerce
      .number()
      .check(z.refine((d) => (DASHBOARD_PERIODS as readonly number[]).includes(d), "validation.chooseOne"))
      .register(z.globalRegistry, { enum: [...DASHBOARD_PERIODS] }),
    30,
  ),
});

export const summarySchema = z.object({
  days: z.number(),
  totalScans: z.number(),
  previousScans: z.number(),
  /** Percentage change against the previous period of the same length; null when that period had none. */
  growthPercent: z.nullable(z.number()),
  virtualScans: z.number(),
  cardScans: z.number(),
  /** Acts the official account recorded by hand for the organisation. */
  manualActs: z.number(),
  activeLocations: z.number(),
});
export type Summary = z.infer<typeof summarySchema>;

export const analyticsSchema = z.object({
  days: z.number(),
  /** One entry per New York day of the period, oldest first, zeros included. */
  perDay: z.array(z.object({ day: z.string(), scans: z.number() })),
  topLocations: z.array(z.object({ id: z.string(), name: z.string(), scans: z.number() })),
  split: z.object({ virtual: z.number(), physical: z.number(), portable: z.number(), manual: z.number() }),
  /** Scans by New York weekday (0 = Sunday) and hour, only the non-empty cells (manual acts have no hour). */
  busiestHours: z.array(z.object({ weekday: z.number(), hour: z.number(), scans: z.number() })),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const interactionSchema = z.object({
  actNumber: z.nullable(z.number()),
  scannedAt: z.string(),
  /** Null for a manual act, which belongs to no person. */
  pseudonym: z.nullable(z.string()),
  cardType: z.enum(["virtual", "physical", "portable", "manual"]),
  locationName: z.nullable(z.string()),
});
export const interactionsSchema = z.object({ items: z.array(interactionSchema), nextBefore: z.nullable(z.string()) });
export const interactionsQuerySchema = z.object({
  before: z.optional(z.iso.datetime({ offset: true })),
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 50),
});

export const engagementSchema = z.object({
  days: z.number(),
  uniqueParticipants: z.number(),
  /** Participants of the period who had also scanned here before it. */
  returningParticipants: z.number(),
  actsPerParticipant: z.nullable(z.number()),
});
export type Engagement = z.infer<typeof engagementSchema>;

export const CAMPAIGN_DURATIONS = [3, 7, 14, 30] as const;
export const CAMPAIGN_EFFECTS = ["flash", "glow", "pulse", "rainbow", "sparkle"] as const;
export type CampaignEffect = (typeof CAMPAIGN_EFFECTS)[number];
export const campaignInputSchema = z.object({
  name: text().check(trim(), z.minLength(1, "validation.campaignRequired"), maxLength(120, "validation.tooLong")),
  description: text().check(trim(), z.minLength(1, "validation.campaignRequired"), maxLength(1000, "validation.tooLong")),
  durationDays: z.literal(CAMPAIGN_DURATIONS, { error: () => "validation.campaignRequired" }),
  effect: choice(CAMPAIGN_EFFECTS),
  locationIds: z.array(idParam()).check(z.minLength(1, "validation.campaignLocations"), maxLength(500)),
});
export type CampaignInput = z.infer<typeof campaignInputSchema>;
export const CAMPAIGN_STATUSES = ["running", "paused", "completed"] as const;
export const campaignViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  effect: z.enum(CAMPAIGN_EFFECTS),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  locationIds: z.array(z.string()),
});
export type CampaignView = z.infer<typeof campaignViewSchema>;
export const campaignListSchema = z.object({ campaigns: z.array(campaignViewSchema) });
export const campaignActionSchema = z.object({ action: z.enum(["pause", "resume", "end"]) });

/** A new organisation's first hour (issue 43 §4): each step done or not, from what it did. */
export const SETUP_STEPS = ["place", "printKit", "firstScan", "member"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
export const organizationSetupSchema = z.object({
  steps: z.object({ place: z.boolean(), printKit: z.boolean(), firstScan: z.boolean(), member: z.boolean() }),
});
export type OrganizationSetup = z.infer<typeof organizationSetupSchema>;

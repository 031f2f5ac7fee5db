// The languages live in i18n/languages.ts (one list); re-exported for the schemas that take them.
export { LANGUAGES, type Language } from "./i18n/languages.js";

/** docs/design.md §4.10: at least 8, at least 64 allowed, no composition rules. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
/** docs/spec/participant.md §9: availability debounce, cooldown, recovery validity. */
export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const EMAIL_RECOVERY_VALIDITY_MINUTES = 60;
export const SESSION_DAYS = 30;
export const NEW_USER_WINDOW_HOURS = 24;
export const ONBOARDING_STEPS = 4;
/** Acts the home page's live feed shows (the feed endpoint's default). */
export const FEED_SIZE = 20;
/** Any one address receives at most one email of a kind per this many seconds. */
export const EMAIL_COOLDOWN_SECONDS = 60;

/** An account asked to be deleted is purged this many days later (the terms promise 30)… */
export const DELETION_PURGE_DAYS = 30;
/** …and signing in within this many days of asking cancels the deletion. */
export const DELETION_CANCEL_DAYS = 7;

/**
 * The versions of the documents a person accepts (their "last updated"
 * dates). Raising one asks every member, once, to accept the new version.
 */
export const CONSENT_DOCUMENTS = ["terms", "privacy"] as const;
export type ConsentDocument = (typeof CONSENT_DOCUMENTS)[number];
export const CONSENT_VERSIONS: Record<ConsentDocument, string> = { terms: "2026-11-24", privacy: "2026-11-24" };

// Limits the forms and the server share (the schemas in schemas/ apply them).
// They live here, apart from the schemas, so the browser's first page can
// name them in messages (i18n/rule-variables.ts) without loading zod.

/** docs/spec/organisation.md §9: 10–1,000 m, 100 by default, 50–200 recommended. */
export const RADIUS = { min: 10, max: 1000, default: 100, recommendedMin: 50, recommendedMax: 200 } as const;
export const MAX_CARDS_PER_SERIES = 10_000;
/** Acts the official account records by hand at once. */
export const MANUAL_ACTS_MAX = 100;
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
export const CAPTION_MAX_LENGTH = 500;
export const THANKS_MESSAGE_MAX_LENGTH = 280;
/** After three hidden items within 30 days, an author may not post for 7 days. */
export const MUTE_AFTER_HIDDEN = 3;
export const MUTE_WINDOW_DAYS = 30;
export const MUTE_DAYS = 7;
/** How long a scan made while signed out waits for its person. */
export const PENDING_SCAN_HOURS = 24;
export const ACCESS_CODE_MAX_LENGTH = 20;
export const MAX_CODE_USES = 10_000;
/** Teams (issue 43): a name's length, a join password's, a circle people know rather than a crowd, and the monthly challenge's acts per member. */
export const TEAM_NAME_MIN_LENGTH = 3;
export const TEAM_NAME_MAX_LENGTH = 40;
/** The name a member goes by in their team. */
export const TEAM_MEMBER_NAME_MAX_LENGTH = 40;
export const TEAM_PASSWORD_MIN_LENGTH = 6;
export const TEAM_PASSWORD_MAX_LENGTH = 64;
export const TEAM_MAX_MEMBERS = 50;
export const TEAM_TARGET_MIN = 1;
export const TEAM_TARGET_MAX = 100;

// What the messages promise or state, from the constants the code keeps it
// with (i18n/rule-variables.ts names each for the messages; rule-numbers.test.ts
// refuses a message that writes such a number itself).

/** A password has at least this many different characters. */
export const PASSWORD_MIN_DISTINCT = 3;
/** A confirmation link works this many hours; a password-reset link this many minutes. */
export const CONFIRMATION_LINK_HOURS = 24;
export const PASSWORD_RESET_MINUTES = 60;
/** A first sign-in with an employer's identity provider waits this many minutes for the person to finish it (the provider's email and name kept meanwhile). */
export const SSO_PENDING_MINUTES = 15;
/** Email domains one employer may verify for its identity provider. */
export const SSO_EMAIL_DOMAINS_MAX = 20;
/** Known devices (to warn of a new one) are forgotten this many days after their last use. */
export const KNOWN_DEVICE_DAYS = 365;
/** No rate-limit counter lives longer than its window, and no window is longer than this (rate-limit-rules.ts; its test checks). */
export const RATE_LIMIT_LONGEST_WINDOW_HOURS = 24;
/** The archive of everything Kindly holds about a person can be downloaded this many hours. */
export const EXPORT_HOURS = 24;
/** An invitation to own or join an organization is valid this many days. */
export const INVITATION_DAYS = 30;
/** How long the link sent to an employer\'s IT person opens its guide (issue 61 §2). */
export const IT_HANDOFF_DAYS = 7;
/** The team answers an organization's request or message within this window, and a contest's winners within WINNER_CONTACT_HOURS of the draw. */
export const REPLY_WITHIN_HOURS = { min: 24, max: 48 } as const;
export const WINNER_CONTACT_HOURS = 48;
/** Figures "of the last day": the admin's mail failures, the chat's active members. */
export const RECENT_ACTIVITY_HOURS = 24;
/** Ranked lists in the figures: an organization's busiest locations, the platform's leading countries. */
export const TOP_LIST_SIZE = 5;
/** Uploads, in megabytes: a gallery photo, an organization's logo, an employer's policy PDF. */
export const PHOTO_MAX_MB = 10;
export const LOGO_MAX_MB = 5;
export const POLICY_MAX_MB = 5;
export const MEGABYTE = 1024 * 1024;
/** An organization's code: letters, digits, - or _, this long. */
export const ORG_CODE_LENGTH = { min: 3, max: 40 } as const;
/** A contest draws at most this many winners. */
export const WINNERS_MAX = 100;
/** A voided act keeps a reason at least this long. */
export const VOID_REASON_MIN_LENGTH = 3;
/** A printed code's short code: this many letters and digits. */
export const SHORT_CODE_LENGTH = 10;
/** The printable sheets' grids. */
export const PRINT_SHEETS = { stickers: { columns: 3, rows: 4 }, cards: { columns: 2, rows: 5 } } as const;
/** A card journey's positions are snapped to this grid (about 1 km north to south) before they are stored. */
export const JOURNEY_GRID_DEGREES = 0.01;
/** The employer's committee overview counts the meetings of this many last months. */
export const COMMITTEE_MEETINGS_MONTHS = 12;

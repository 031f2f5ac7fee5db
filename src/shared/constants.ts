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

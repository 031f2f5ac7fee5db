export const LANGUAGES = ["en", "fr"] as const;
export type Language = (typeof LANGUAGES)[number];

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

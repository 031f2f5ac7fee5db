import { FEATURES } from "../feature-list.js";

/** Every email the features declare (platform/feature.ts), for the tests that render each. */
export const DECLARED_EMAILS = FEATURES.flatMap((feature) => feature.emails ?? []);

/** Every rate limit the features declare, by the name its counter is kept under. */
export const DECLARED_RATE_LIMITS = FEATURES.flatMap((feature) => feature.rateLimits ?? []);

/** Every notification kind the features declare, in the settings' order. */
export const DECLARED_NOTIFICATION_KINDS = FEATURES.flatMap((feature) => feature.notificationKinds ?? []);

/** One declared email, by its name (a test that sends or renders that one). */
export function declaredEmail(name: string) {
  const found = DECLARED_EMAILS.find((template) => template.name === name);
  if (!found) throw new Error(`No feature declares the email "${name}".`);
  return found;
}

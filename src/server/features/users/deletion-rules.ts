import { DELETION_CANCEL_DAYS } from "../../../shared/constants.js";

/*
 * The deletion grace period's rules, apart from the service: sign-in
 * (auth.ts) asks them without depending on what deleting an account needs.
 */

const DAY_MS = 86_400_000;

/** Until when signing in cancels a requested deletion. */
export const cancelDeadline = (requestedAt: Date) => new Date(requestedAt.getTime() + DELETION_CANCEL_DAYS * DAY_MS);

/** Whether an account may still sign in: not asked to be deleted, or asked less than 7 days ago. */
export function maySignIn(state: { deletion_requested_at: Date | string | null } | undefined, now = new Date()): boolean {
  if (!state?.deletion_requested_at) return true;
  return now < cancelDeadline(new Date(state.deletion_requested_at));
}

import { NEW_USER_WINDOW_HOURS } from "../../shared/constants.js";
import type { Profile } from "../../shared/schemas/profile.js";

const key = (userId: string) => `kindly.onboarding.${userId}`;

export function markOnboardingDoneLocally(userId: string): void {
  try {
    localStorage.setItem(key(userId), "done");
  } catch {
    // the profile flag is the source of truth; the local one only saves a request
  }
}

/**
 * docs/spec/participant.md §4: accounts under 24 hours old that have not
 * finished onboarding. The official account runs Kindly: the participants'
 * tour is not for it.
 */
export function needsOnboarding(user: Profile, now = Date.now()): boolean {
  if (user.isOfficial) return false;
  let doneLocally: boolean;
  try {
    doneLocally = localStorage.getItem(key(user.id)) === "done";
  } catch {
    doneLocally = false;
  }
  const ageHours = (now - new Date(user.createdAt).getTime()) / 3_600_000;
  return !user.onboardingCompleted && !doneLocally && ageHours < NEW_USER_WINDOW_HOURS;
}

/** The organisation dashboard's address (the set-up checklist is its first card). */
export const DASHBOARD_PATH = "/business-dashboard";

/**
 * Where someone signed in goes when nothing else called them: a newcomer who
 * came for an organisation (its owner after approval, an invited colleague)
 * to its dashboard, where the set-up checklist waits (the participants' tour
 * stays one tap away there); another newcomer to the tour; anyone else home.
 */
export function firstStop(user: Profile, now = Date.now()): string {
  if (!needsOnboarding(user, now)) return "/";
  return user.hasOrganizationDashboard ? DASHBOARD_PATH : "/onboarding";
}

/** @vitest-environment happy-dom */
import { beforeEach, describe, expect, it } from "vitest";
import type { Profile } from "../../shared/schemas/profile.js";
import { markOnboardingDoneLocally, needsOnboarding } from "./onboarding-state.js";

const created = new Date("2026-11-20T12:00:00Z");
const user = (overrides: Partial<Profile> = {}): Profile => ({
  id: "u1",
  username: "newcomer",
  email: "new@example.test",
  country: "CA",
  languagePreference: "en",
  onboardingCompleted: false,
  isOfficial: false,
  hasOrganizationDashboard: false,
  showOnLeaderboards: false,
  consentsNeeded: [],
  roles: ["user"],
  createdAt: created.toISOString(),
  ...overrides,
});
const hoursLater = (hours: number) => created.getTime() + hours * 3_600_000;

describe("who sees onboarding", () => {
  beforeEach(() => localStorage.clear());

  it("shows it to accounts under 24 hours old that have not finished it", () => {
    expect(needsOnboarding(user(), hoursLater(1))).toBe(true);
    expect(needsOnboarding(user(), hoursLater(23.9))).toBe(true);
    expect(needsOnboarding(user(), hoursLater(24))).toBe(false);
  });

  it("stops once the profile says so, or this device remembers it for this account", () => {
    expect(needsOnboarding(user({ onboardingCompleted: true }), hoursLater(1))).toBe(false);
    markOnboardingDoneLocally("someone-else");
    expect(needsOnboarding(user(), hoursLater(1))).toBe(true);
    markOnboardingDoneLocally("u1");
    expect(needsOnboarding(user(), hoursLater(1))).toBe(false);
  });

  it("never sends the official account on the participants' tour", () => {
    expect(needsOnboarding(user({ isOfficial: true }), hoursLater(1))).toBe(false);
  });
});

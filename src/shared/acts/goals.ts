/** Acts recorded before QR codes existed; "since the QR launch" counts from here. */
export const ACTS_BEFORE_QR_LAUNCH = 36_843;

export const GOALS = [
  { target: 100_000, year: 2025 },
  { target: 1_000_000, year: 2026 },
  { target: 1_000_000_000, year: 2040 },
] as const;

export function actsSinceQrLaunch(globalCount: number): number {
  return Math.max(0, globalCount - ACTS_BEFORE_QR_LAUNCH);
}

/** Companies the movement aims to enrol (quick stats show N/10,000). */
export const COMPANIES_GOAL = 10_000;

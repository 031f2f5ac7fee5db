import { daysBetween } from "./new-york-time.js";

export interface StreakState {
  current: number;
  longest: number;
  /** The last New York day with an act, 'YYYY-MM-DD'. */
  lastDay: string | null;
}

export const NO_STREAK: StreakState = { current: 0, longest: 0, lastDay: null };

/**
 * The streak after an act on `day`. Acts arrive in time order, so keeping the
 * last day is enough to follow consecutive days over the whole history
 * (docs/design.md §4.8), without re-reading past acts.
 */
export function streakAfterActOn(state: StreakState, day: string): StreakState {
  // An act stamped before the last day (two scans racing across midnight)
  // cannot extend or break the streak the later one already counted.
  if (state.lastDay !== null && day <= state.lastDay) return state;
  const current = state.lastDay !== null && daysBetween(state.lastDay, day) === 1 ? state.current + 1 : 1;
  return { current, longest: Math.max(state.longest, current), lastDay: day };
}

/** The current streak as seen on `today`: it survives until the end of the day after the last act. */
export function currentStreakOn(state: StreakState, today: string): number {
  if (state.lastDay === null) return 0;
  return daysBetween(state.lastDay, today) <= 1 ? state.current : 0;
}

/** Streaks from a set of act days in any order (bulk loads and checks). */
export function streaksFromDays(days: Iterable<string>): StreakState {
  return [...new Set(days)].sort().reduce(streakAfterActOn, NO_STREAK);
}

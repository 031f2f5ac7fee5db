import { addDays, daysBetween } from "./new-york-time.js";

export interface StreakState {
  current: number;
  longest: number;
  /** The last New York day with an act, 'YYYY-MM-DD'. */
  lastDay: string | null;
  /** Streak freezes held: one earned with every 7 days of a streak, at most `MAX_FREEZES`. */
  freezes: number;
  /** The last missed day a freeze covered, 'YYYY-MM-DD'. */
  frozenThrough: string | null;
}

export const NO_STREAK: StreakState = { current: 0, longest: 0, lastDay: null, freezes: 0, frozenThrough: null };

/** Days of a streak that earn one freeze. */
export const DAYS_PER_FREEZE = 7;
/** Freezes a person may hold at once. */
export const MAX_FREEZES = 2;

/**
 * The streak after an act on `day`. Acts arrive in time order, so keeping the
 * last day is enough to follow consecutive days over the whole history
 * (docs/design.md §4.8), without re-reading past acts.
 *
 * Freezes (issue 42 §3): a gap of missed days the person holds enough
 * freezes for is bridged, one freeze per missed day, used automatically; a
 * frozen day keeps the streak without adding to it. Each 7th day of a streak
 * earns a freeze, up to two held. A streak that is lost keeps its freezes.
 */
export function streakAfterActOn(state: StreakState, day: string): StreakState {
  // An act stamped before the last day (two scans racing across midnight)
  // cannot extend or break the streak the later one already counted.
  if (state.lastDay !== null && day <= state.lastDay) return state;
  const missed = state.lastDay === null ? Infinity : daysBetween(state.lastDay, day) - 1;
  const bridged = missed >= 1 && missed <= state.freezes;
  const current = missed === 0 || bridged ? state.current + 1 : 1;
  const used = bridged ? missed : 0;
  const earned = current % DAYS_PER_FREEZE === 0 ? 1 : 0;
  return {
    current,
    longest: Math.max(state.longest, current),
    lastDay: day,
    freezes: Math.min(MAX_FREEZES, state.freezes - used + earned),
    frozenThrough: bridged ? addDays(day, -1) : state.frozenThrough,
  };
}

/** Days in a row still to go before the streak earns its next freeze (issue 60 §3: home says how one is earned). */
export function daysToNextFreeze(current: number): number {
  return DAYS_PER_FREEZE - (current % DAYS_PER_FREEZE);
}

/** The streak as seen on `today`, before any act today: what home shows and what a reminder guards. */
export interface StreakToday {
  /** The streak still alive today (0 once lost). */
  current: number;
  /** Freezes still held once those needed since the last act are used. */
  freezes: number;
  /** The day a freeze covered, when it was yesterday: "On Tuesday, December 1, your freeze kept your 12-day streak". */
  frozenDay: string | null;
}

/**
 * The streak on `today`: it survives until the end of the day after the last
 * act, and one more day for each freeze held.
 */
export function streakOn(state: StreakState, today: string): StreakToday {
  if (state.lastDay === null) return { current: 0, freezes: state.freezes, frozenDay: null };
  const missed = Math.max(0, daysBetween(state.lastDay, today) - 1);
  if (missed > state.freezes) return { current: 0, freezes: state.freezes, frozenDay: null };
  const yesterday = addDays(today, -1);
  const frozenYesterday = missed > 0 || state.frozenThrough === yesterday;
  return { current: state.current, freezes: state.freezes - missed, frozenDay: frozenYesterday ? yesterday : null };
}

/** The current streak as seen on `today`. */
export function currentStreakOn(state: StreakState, today: string): number {
  return streakOn(state, today).current;
}

/** Streaks from a set of act days in any order (bulk loads and checks). */
export function streaksFromDays(days: Iterable<string>): StreakState {
  return [...new Set(days)].sort().reduce(streakAfterActOn, NO_STREAK);
}

/** user_stats' streak columns, as a statement reads them (null where the person has no row yet). */
export interface StreakColumns {
  current_streak: number | null;
  longest_streak: number | null;
  last_act_day: string | null;
  streak_freezes: number | null;
  last_frozen_day: string | null;
}

/** The SQL column list `StreakColumns` reads, for a select on user_stats. */
export const STREAK_COLUMNS = "current_streak, longest_streak, last_act_day, streak_freezes, last_frozen_day";

export function streakFromColumns(row: StreakColumns): StreakState {
  return {
    current: row.current_streak ?? 0,
    longest: row.longest_streak ?? 0,
    lastDay: row.last_act_day ?? null,
    freezes: row.streak_freezes ?? 0,
    frozenThrough: row.last_frozen_day ?? null,
  };
}

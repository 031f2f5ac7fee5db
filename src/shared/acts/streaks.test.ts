import { describe, expect, it } from "vitest";
import { addDays } from "./new-york-time.js";
import { currentStreakOn, daysToNextFreeze, NO_STREAK, streakAfterActOn, streakOn, streaksFromDays, type StreakState } from "./streaks.js";

/** `count` consecutive days from `first`. */
const run = (first: string, count: number) => Array.from({ length: count }, (_, i) => addDays(first, i));
const fold = (days: string[], from: StreakState = NO_STREAK) => days.reduce(streakAfterActOn, from);

describe("streaks", () => {
  it("counts consecutive New York days over the whole history", () => {
    let state = fold(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-01", "2026-03-02"]);
    expect(state).toMatchObject({ current: 4, longest: 4, lastDay: "2026-03-02", freezes: 0 });
    state = streakAfterActOn(state, "2026-03-05");
    expect(state).toMatchObject({ current: 1, longest: 4, lastDay: "2026-03-05" });
    expect(streaksFromDays(["2026-03-05", "2026-02-28", "2026-03-01", "2026-02-27", "2026-03-02"])).toEqual(state);
  });

  it("keeps the current streak alive until the day after the last act ends", () => {
    const state = { ...NO_STREAK, current: 5, longest: 9, lastDay: "2026-11-20" };
    expect(currentStreakOn(state, "2026-11-20")).toBe(5);
    expect(currentStreakOn(state, "2026-11-21")).toBe(5);
    expect(currentStreakOn(state, "2026-11-22")).toBe(0);
    expect(currentStreakOn(NO_STREAK, "2026-11-22")).toBe(0);
  });

  it("earns one freeze per 7 days of a streak and holds at most two", () => {
    expect(fold(run("2026-01-01", 6)).freezes).toBe(0);
    expect(fold(run("2026-01-01", 7)).freezes).toBe(1);
    expect(fold(run("2026-01-01", 14)).freezes).toBe(2);
    expect(fold(run("2026-01-01", 28))).toMatchObject({ current: 28, freezes: 2 });
  });

  it("says how many days in a row are left before the next freeze, as the days that earn it count them", () => {
    expect(daysToNextFreeze(0)).toBe(7);
    expect(daysToNextFreeze(5)).toBe(2);
    expect(daysToNextFreeze(7)).toBe(7);
    // What home says on day 5 comes true: two more days in a row, and a freeze is held.
    const dayFive = fold(run("2026-01-01", 5));
    expect(dayFive.freezes).toBe(0);
    expect(fold(run("2026-01-01", 5 + daysToNextFreeze(dayFive.current))).freezes).toBe(1);
    expect(fold(run("2026-01-01", 5 + daysToNextFreeze(dayFive.current) - 1)).freezes).toBe(0);
  });

  it("uses a freeze on a missed day, automatically, and keeps the streak without adding the frozen day", () => {
    const twelve = fold(run("2026-03-01", 12)); // 1 freeze earned on day 7
    expect(twelve).toMatchObject({ current: 12, lastDay: "2026-03-12", freezes: 1 });
    // 13 March missed: on the 14th, before any act, the freeze keeps the streak.
    expect(streakOn(twelve, "2026-03-14")).toEqual({ current: 12, freezes: 0, frozenDay: "2026-03-13" });
    const after = streakAfterActOn(twelve, "2026-03-14");
    expect(after).toMatchObject({ current: 13, freezes: 0, frozenThrough: "2026-03-13" });
    expect(streakOn(after, "2026-03-14")).toEqual({ current: 13, freezes: 0, frozenDay: "2026-03-13" });
    // The next day the message is gone.
    expect(streakOn(streakAfterActOn(after, "2026-03-15"), "2026-03-15").frozenDay).toBeNull();
  });

  it("loses the streak when more days are missed than freezes held, and keeps the freezes", () => {
    const eight = fold(run("2026-03-01", 8)); // 1 freeze
    expect(streakOn(eight, "2026-03-11")).toEqual({ current: 0, freezes: 1, frozenDay: null });
    expect(streakAfterActOn(eight, "2026-03-11")).toMatchObject({ current: 1, longest: 8, freezes: 1 });
    // Two freezes bridge two missed days in one gap.
    const fourteen = fold(run("2026-03-01", 14));
    expect(streakAfterActOn(fourteen, "2026-03-17")).toMatchObject({ current: 15, freezes: 0, frozenThrough: "2026-03-16" });
  });

  it("finds the same freezes from the days in any order as act by act (what the checks recount)", () => {
    const days = [...run("2026-05-01", 9), ...run("2026-05-11", 5), ...run("2026-05-20", 3)];
    expect(streaksFromDays([...days].reverse())).toEqual(fold(days));
    expect(fold(days)).toMatchObject({ current: 3, longest: 14, freezes: 1 });
  });
});

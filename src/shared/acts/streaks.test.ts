import { describe, expect, it } from "vitest";
import { currentStreakOn, NO_STREAK, streakAfterActOn, streaksFromDays } from "./streaks.js";

describe("streaks", () => {
  it("counts consecutive New York days over the whole history", () => {
    let state = NO_STREAK;
    for (const day of ["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-01", "2026-03-02"]) state = streakAfterActOn(state, day);
    expect(state).toEqual({ current: 4, longest: 4, lastDay: "2026-03-02" });
    state = streakAfterActOn(state, "2026-03-05");
    expect(state).toEqual({ current: 1, longest: 4, lastDay: "2026-03-05" });
    expect(streaksFromDays(["2026-03-05", "2026-02-28", "2026-03-01", "2026-02-27", "2026-03-02"])).toEqual(state);
  });

  it("keeps the current streak alive until the day after the last act ends", () => {
    const state = { current: 5, longest: 9, lastDay: "2026-11-20" };
    expect(currentStreakOn(state, "2026-11-20")).toBe(5);
    expect(currentStreakOn(state, "2026-11-21")).toBe(5);
    expect(currentStreakOn(state, "2026-11-22")).toBe(0);
    expect(currentStreakOn(NO_STREAK, "2026-11-22")).toBe(0);
  });
});

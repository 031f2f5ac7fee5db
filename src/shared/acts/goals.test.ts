import { describe, expect, it } from "vitest";
import { DEFAULT_GOALS, currentGoals, parseGoals } from "./goals.js";

describe("goals", () => {
  it("reads target:year pairs, smallest first, and refuses anything else", () => {
    expect(parseGoals("1000000:2030, 100000:2027")).toEqual([
      { target: 100_000, year: 2027 },
      { target: 1_000_000, year: 2030 },
    ]);
    expect(parseGoals(DEFAULT_GOALS)).toHaveLength(3);
    expect(() => parseGoals("100K:2027")).toThrow(/target:year/);
    expect(() => parseGoals("100000")).toThrow();
  });

  it("never shows a goal whose year is over unless it was reached", () => {
    const goals = parseGoals("100000:2025,1000000:2026,1000000000:2040");
    expect(currentGoals(goals, 20_000_000, 2026).map((goal) => goal.target)).toEqual([100_000, 1_000_000, 1_000_000_000]);
    expect(currentGoals(goals, 50_000, 2026).map((goal) => goal.target)).toEqual([1_000_000]);
    expect(currentGoals(goals, 150_000, 2026)).toEqual([
      { target: 100_000, year: 2025, reached: true },
      { target: 1_000_000, year: 2026, reached: false },
    ]);
    expect(currentGoals(goals, 50_000, 2041)).toEqual([]);
  });

  it("shows a goal's bar only once the counter has made a visible start on it (1 %)", () => {
    const goals = parseGoals("100000:2027,1000000000:2040");
    // A young movement: 6 acts are no visible part of either goal.
    expect(currentGoals(goals, 6, 2026)).toEqual([]);
    expect(currentGoals(goals, 999, 2026)).toEqual([]);
    expect(currentGoals(goals, 1_000, 2026)).toEqual([{ target: 100_000, year: 2027, reached: false }]);
  });
});

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
    expect(currentGoals(goals, 6, 2026).map((goal) => goal.target)).toEqual([1_000_000, 1_000_000_000]);
    expect(currentGoals(goals, 150_000, 2026)).toEqual([
      { target: 100_000, year: 2025, reached: true },
      { target: 1_000_000, year: 2026, reached: false },
      { target: 1_000_000_000, year: 2040, reached: false },
    ]);
    expect(currentGoals(goals, 6, 2041)).toEqual([]);
  });
});

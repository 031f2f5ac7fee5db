import { describe, expect, it } from "vitest";
import { celebrationFor } from "./celebration.js";

describe("a revealed card's celebration", () => {
  it("celebrates gold and platinum only, platinum the longest", () => {
    expect(celebrationFor("bronze", false)).toEqual({ confetti: false, vibration: null });
    expect(celebrationFor("silver", false)).toEqual({ confetti: false, vibration: null });
    const gold = celebrationFor("gold", false);
    const platinum = celebrationFor("platinum", false);
    expect(gold.confetti && platinum.confetti).toBe(true);
    const length = (pattern: number[] | null) => (pattern ?? []).reduce((sum, ms) => sum + ms, 0);
    expect(length(platinum.vibration)).toBeGreaterThan(length(gold.vibration));
  });

  it("moves and buzzes nothing for someone who asked for less motion", () => {
    expect(celebrationFor("platinum", true)).toEqual({ confetti: false, vibration: null });
    expect(celebrationFor("gold", true)).toEqual({ confetti: false, vibration: null });
  });
});

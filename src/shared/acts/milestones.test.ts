import { describe, expect, it } from "vitest";
import { nextMilestone } from "./milestones.js";

describe("milestones", () => {
  it("follows the listed milestones, then doubles", () => {
    expect(nextMilestone(0)).toEqual({ previous: 0, next: 10 });
    expect(nextMilestone(10)).toEqual({ previous: 10, next: 25 });
    expect(nextMilestone(2500)).toEqual({ previous: 2000, next: 5000 });
    expect(nextMilestone(10_000)).toEqual({ previous: 10_000, next: 20_000 });
    expect(nextMilestone(45_000)).toEqual({ previous: 40_000, next: 80_000 });
  });
});

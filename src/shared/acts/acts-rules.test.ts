import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { distanceMeters } from "./distance.js";
import { actsSinceQrLaunch } from "./goals.js";
import { nextMilestone } from "./milestones.js";
import { addDays, daysBetween, movementDay, newYorkDay, periodKeys } from "./new-york-time.js";
import { rankFromHistogram } from "./rank.js";
import { RARITIES, RARITY_DRAW_RANGE, RARITY_SHARES, rarityForDraw } from "./rarity.js";
import { currentStreakOn, streakAfterActOn, streaksFromDays, NO_STREAK } from "./streaks.js";

describe("rarity", () => {
  it("maps every draw to the spec's shares exactly", () => {
    const counts = { bronze: 0, silver: 0, gold: 0, platinum: 0 };
    for (let draw = 0; draw < RARITY_DRAW_RANGE; draw += 1) counts[rarityForDraw(draw)] += 1;
    expect(counts).toEqual({ platinum: 100, gold: 300, silver: 1000, bronze: 8600 });
    expect(() => rarityForDraw(RARITY_DRAW_RANGE)).toThrow(RangeError);
  });

  it("draws with the crypto source within chi-square tolerance over 100,000 draws", () => {
    const draws = 100_000;
    const counts = { bronze: 0, silver: 0, gold: 0, platinum: 0 };
    for (let i = 0; i < draws; i += 1) counts[rarityForDraw(randomInt(RARITY_DRAW_RANGE))] += 1;
    const chiSquare = RARITIES.reduce((sum, rarity) => {
      const expected = (draws * RARITY_SHARES[rarity]) / RARITY_DRAW_RANGE;
      return sum + (counts[rarity] - expected) ** 2 / expected;
    }, 0);
    // 3 degrees of freedom: p = 0.001 at 16.27; a fair source fails this once in a thousand runs.
    expect(chiSquare).toBeLessThan(16.27);
  });
});

describe("distance", () => {
  it("measures great-circle distances in metres", () => {
    const montreal = { lat: 45.5017, lon: -73.5673 };
    const toronto = { lat: 43.6532, lon: -79.3832 };
    expect(distanceMeters(montreal, montreal)).toBe(0);
    expect(distanceMeters(montreal, toronto) / 1000).toBeCloseTo(504.3, 0);
    // 0.001 degree of latitude is about 111 m everywhere.
    expect(distanceMeters({ lat: 40, lon: -74.5 }, { lat: 40.001, lon: -74.5 })).toBeCloseTo(111.2, 0);
  });
});

describe("New York days", () => {
  it("rolls over at midnight New York time, not UTC", () => {
    expect(newYorkDay(new Date("2026-01-15T04:59:59Z"))).toBe("2026-01-14");
    expect(newYorkDay(new Date("2026-01-15T05:00:00Z"))).toBe("2026-01-15");
    // Summer time: UTC-4.
    expect(newYorkDay(new Date("2026-07-01T03:59:59Z"))).toBe("2026-06-30");
    expect(newYorkDay(new Date("2026-07-01T04:00:00Z"))).toBe("2026-07-01");
  });

  it("handles the DST changes, whose days are 23 and 25 hours long", () => {
    // 8 March 2026: clocks jump from 02:00 EST to 03:00 EDT.
    expect(newYorkDay(new Date("2026-03-08T04:59:59Z"))).toBe("2026-03-07");
    expect(newYorkDay(new Date("2026-03-08T05:00:00Z"))).toBe("2026-03-08");
    expect(newYorkDay(new Date("2026-03-09T03:59:59Z"))).toBe("2026-03-08");
    expect(newYorkDay(new Date("2026-03-09T04:00:00Z"))).toBe("2026-03-09");
    // 1 November 2026: 02:00 EDT falls back to 01:00 EST.
    expect(newYorkDay(new Date("2026-11-01T03:59:59Z"))).toBe("2026-10-31");
    expect(newYorkDay(new Date("2026-11-01T04:00:00Z"))).toBe("2026-11-01");
    expect(newYorkDay(new Date("2026-11-02T04:59:59Z"))).toBe("2026-11-01");
    expect(newYorkDay(new Date("2026-11-02T05:00:00Z"))).toBe("2026-11-02");
    expect(daysBetween("2026-03-07", "2026-03-09")).toBe(2);
    expect(addDays("2026-10-31", 2)).toBe("2026-11-02");
  });

  it("counts movement days from 21 February 2022 as day 1", () => {
    expect(movementDay(new Date("2022-02-21T12:00:00Z"))).toBe(1);
    expect(movementDay(new Date("2022-02-22T04:59:00Z"))).toBe(1);
    expect(movementDay(new Date("2022-02-22T05:00:00Z"))).toBe(2);
    expect(movementDay(new Date("2026-11-21T15:00:00Z"))).toBe(1735);
  });

  it("names leaderboard periods by New York year and month", () => {
    expect(periodKeys("2026-01-01")).toEqual({ all: "all", year: "y2026", month: "m2026-01" });
  });
});

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

describe("milestones", () => {
  it("follows the listed milestones, then doubles", () => {
    expect(nextMilestone(0)).toEqual({ previous: 0, next: 10 });
    expect(nextMilestone(10)).toEqual({ previous: 10, next: 25 });
    expect(nextMilestone(2500)).toEqual({ previous: 2000, next: 5000 });
    expect(nextMilestone(10_000)).toEqual({ previous: 10_000, next: 20_000 });
    expect(nextMilestone(45_000)).toEqual({ previous: 40_000, next: 80_000 });
  });
});

describe("rank and goals", () => {
  it("ranks as 1 + the users with more acts, ties sharing a rank", () => {
    const histogram = [
      { totalActs: 1, users: 50 },
      { totalActs: 3, users: 4 },
      { totalActs: 7, users: 2 },
    ];
    expect(rankFromHistogram(histogram, 7)).toBe(1);
    expect(rankFromHistogram(histogram, 3)).toBe(3);
    expect(rankFromHistogram(histogram, 0)).toBe(57);
  });

  it("counts acts since the QR launch, never below zero", () => {
    expect(actsSinceQrLaunch(100)).toBe(0);
    expect(actsSinceQrLaunch(40_000)).toBe(3157);
  });
});

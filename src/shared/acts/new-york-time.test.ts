import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  movementDay,
  newYorkDay,
  periodKeys,
  nextNewYorkMidnight,
  startOfNewYorkDay,
  weekStartOf,
} from "./new-york-time.js";

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

  it("starts a week on its Monday", () => {
    expect(weekStartOf("2026-11-25")).toBe("2026-11-23"); // a Wednesday
    expect(weekStartOf("2026-11-23")).toBe("2026-11-23");
    expect(weekStartOf("2026-11-29")).toBe("2026-11-23"); // a Sunday ends the week
    expect(weekStartOf("2027-01-01")).toBe("2026-12-28");
  });

  it("counts movement days from the deployment's first day as day 1, by New York's calendar", () => {
    expect(movementDay("2022-02-21", new Date("2022-02-21T12:00:00Z"))).toBe(1);
    expect(movementDay("2022-02-21", new Date("2022-02-22T04:59:00Z"))).toBe(1);
    expect(movementDay("2022-02-21", new Date("2022-02-22T05:00:00Z"))).toBe(2);
    expect(movementDay("2022-02-21", new Date("2026-11-21T15:00:00Z"))).toBe(1735);
    // A start set in the future (a launch announced ahead) shows day 1 until then.
    expect(movementDay("2027-01-01", new Date("2026-11-21T15:00:00Z"))).toBe(1);
  });

  it("names leaderboard periods by New York year and month", () => {
    expect(periodKeys("2026-01-01")).toEqual({ all: "all", year: "y2026", month: "m2026-01" });
  });

  it("finds the next New York midnight in summer and in winter, whatever the hour", () => {
    // 23:30 in New York on a July evening is 03:30 UTC the next day; midnight follows at 04:00 UTC.
    expect(nextNewYorkMidnight(new Date("2026-07-15T03:30:00Z")).toISOString()).toBe("2026-07-15T04:00:00.000Z");
    expect(nextNewYorkMidnight(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-07-16T04:00:00.000Z");
    expect(nextNewYorkMidnight(new Date("2026-11-22T12:00:00Z")).toISOString()).toBe("2026-11-23T05:00:00.000Z");
    // The night clocks go back (1 November 2026): the next day still starts at 05:00 UTC.
    expect(nextNewYorkMidnight(new Date("2026-11-01T03:00:00Z")).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(nextNewYorkMidnight(new Date("2026-11-01T12:00:00Z")).toISOString()).toBe("2026-11-02T05:00:00.000Z");
  });

  it("finds when today began in New York, on days of 23, 24 and 25 hours", () => {
    expect(startOfNewYorkDay(new Date("2026-07-15T03:30:00Z")).toISOString()).toBe("2026-07-14T04:00:00.000Z");
    expect(startOfNewYorkDay(new Date("2026-11-23T15:00:00Z")).toISOString()).toBe("2026-11-23T05:00:00.000Z");
    // 1 November 2026 lasts 25 hours: 00:30 and 23:30 that day both began at 04:00 UTC.
    expect(startOfNewYorkDay(new Date("2026-11-01T04:30:00Z")).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    expect(startOfNewYorkDay(new Date("2026-11-02T04:30:00Z")).toISOString()).toBe("2026-11-01T04:00:00.000Z");
    // 8 March 2026 lasts 23 hours: at 23:30 it began at 05:00 UTC.
    expect(startOfNewYorkDay(new Date("2026-03-09T03:30:00Z")).toISOString()).toBe("2026-03-08T05:00:00.000Z");
  });
});

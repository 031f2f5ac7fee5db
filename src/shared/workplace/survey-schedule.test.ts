import { describe, expect, it } from "vitest";
import { upcomingSurveyPeriods } from "./survey-schedule.js";

describe("survey schedule", () => {
  it("lists the next six 15ths two months apart, in step with the organisation's start month", () => {
    // Started in November 2025: surveys in odd months (Nov, Jan, Mar…), as in the spec's list.
    expect(upcomingSurveyPeriods("2025-11-01", "2025-11-03").map((p) => p.opens)).toEqual([
      "2025-11-15",
      "2026-01-15",
      "2026-03-15",
      "2026-05-15",
      "2026-07-15",
      "2026-09-15",
    ]);
  });

  it("starts from today: a 15th already past moves to the next one", () => {
    expect(upcomingSurveyPeriods("2026-11-23", "2025-11-03")[0]).toEqual({ opens: "2027-01-15", closes: "2027-03-14" });
    expect(upcomingSurveyPeriods("2026-11-15", "2025-11-03")[0]!.opens).toBe("2026-11-15");
    // An organisation started in an even month keeps even months.
    expect(
      upcomingSurveyPeriods("2026-11-23", "2024-06-30")
        .map((p) => p.opens)
        .slice(0, 2),
    ).toEqual(["2026-12-15", "2027-02-15"]);
  });

  it("makes each period run until the day before the next survey, across years and February", () => {
    const periods = upcomingSurveyPeriods("2026-12-01", "2024-02-10");
    expect(periods[0]).toEqual({ opens: "2026-12-15", closes: "2027-02-14" });
    expect(periods).toHaveLength(6);
  });
});

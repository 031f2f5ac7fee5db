import { describe, expect, it } from "vitest";
import { DAILY_SCAN_LIMIT, mayRecordAnotherToday } from "./daily-limit.js";

describe("the daily limit", () => {
  it("allows acts up to the limit and refuses the one after", () => {
    expect(mayRecordAnotherToday(0)).toBe(true);
    expect(mayRecordAnotherToday(DAILY_SCAN_LIMIT - 1)).toBe(true);
    expect(mayRecordAnotherToday(DAILY_SCAN_LIMIT)).toBe(false);
    expect(mayRecordAnotherToday(DAILY_SCAN_LIMIT + 1)).toBe(false);
  });
});

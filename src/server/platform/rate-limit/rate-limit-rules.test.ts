import { describe, expect, it } from "vitest";
import { RATE_LIMIT_LONGEST_WINDOW_HOURS } from "../../../shared/constants.js";
import { RULES } from "./rate-limit-rules.js";

describe("the rate limits' windows", () => {
  it("are no longer than the privacy policy says a counter is kept", () => {
    const longest = Math.max(...Object.values(RULES).map((rule) => rule.windowSeconds));
    expect(longest).toBeLessThanOrEqual(RATE_LIMIT_LONGEST_WINDOW_HOURS * 3600);
  });
});

import { describe, expect, it } from "vitest";
import { RATE_LIMIT_LONGEST_WINDOW_HOURS } from "../../../shared/constants.js";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import { lookup, MESSAGE_FILES } from "../../../shared/i18n/translate.js";
import { DECLARED_RATE_LIMITS } from "../../test/declared.js";
import { GEOCODING_LIMIT } from "../geocoding/geocoding-routes.js";

const RULES = [...DECLARED_RATE_LIMITS, GEOCODING_LIMIT];

describe("the rate limits the features declare", () => {
  it("are no longer than the privacy policy says a counter is kept", () => {
    const longest = Math.max(...RULES.map((rule) => rule.windowSeconds));
    expect(longest).toBeLessThanOrEqual(RATE_LIMIT_LONGEST_WINDOW_HOURS * 3600);
  });

  it("each count under a name of their own, and a refusal's own words exist in every language", () => {
    const names = RULES.map((rule) => rule.name);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
    const missing = RULES.flatMap((rule) =>
      LANGUAGES.filter((language) => rule.messageKey && lookup(MESSAGE_FILES[language].server, rule.messageKey) === undefined).map(
        (language) => `${rule.name} ${language}`,
      ),
    );
    expect(missing).toEqual([]);
  });
});

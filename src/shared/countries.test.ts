import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, countryName, isCountryCode } from "./countries.js";

describe("countries", () => {
  it("lists the 195 UN member and observer states once each", () => {
    expect(COUNTRY_CODES).toHaveLength(195);
    expect(new Set(COUNTRY_CODES).size).toBe(195);
  });

  it("names every country in English and French", () => {
    for (const code of COUNTRY_CODES) {
      expect(countryName(code, "en")).not.toBe(code);
      expect(countryName(code, "fr")).not.toBe(code);
    }
    expect(countryName("CA", "fr")).toBe("Canada");
    expect(countryName("DE", "fr")).toBe("Allemagne");
  });

  it("validates codes", () => {
    expect(isCountryCode("CA")).toBe(true);
    expect(isCountryCode("XX")).toBe(false);
  });
});

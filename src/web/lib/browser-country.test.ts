import { describe, expect, it } from "vitest";
import { browserCountry } from "./browser-country.js";

describe("the country a sign-up form guesses", () => {
  it("takes the first language that names a country", () => {
    expect(browserCountry(["en-CA", "fr-CA"])).toBe("CA");
    expect(browserCountry(["fr", "fr-FR"])).toBe("FR");
    expect(browserCountry(["pt-Latn-BR"])).toBe("BR");
  });

  it("guesses nothing from a language alone, a region that is no country, or a broken tag", () => {
    expect(browserCountry(["en", "fr"])).toBeUndefined();
    expect(browserCountry(["es-419"])).toBeUndefined();
    expect(browserCountry(["not a tag"])).toBeUndefined();
    expect(browserCountry([])).toBeUndefined();
  });
});

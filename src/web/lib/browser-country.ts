import { isCountryCode, type CountryCode } from "../../shared/countries.js";

/**
 * The country the browser's languages name ("en-CA" → CA, "fr-FR" → FR): a
 * sign-up form's first guess, which the person can change. A language alone
 * ("en") says nothing about where someone lives, so it guesses nothing.
 */
export function browserCountry(
  languages: readonly string[] = typeof navigator === "undefined" ? [] : navigator.languages,
): CountryCode | undefined {
  for (const tag of languages) {
    try {
      const region = new Intl.Locale(tag).region;
      if (region && isCountryCode(region)) return region;
    } catch {
      // Not a language tag: the next one.
    }
  }
  return undefined;
}

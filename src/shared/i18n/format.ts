import { languageFromTag, localeOf } from "./languages.js";

/*
 * Every date, time, number and currency Kindly shows goes through here (issue
 * 44), in the locale the language registry names for it: French as Québec
 * writes it (fr-CA: "17 h 46", "2026-11-26", "26 novembre 2026", "1 234,5",
 * "50 $"), English as Canada does (en-CA). A bare "fr" would format as in
 * France ("17:46", "26/11/2026"). The language may come as a code or a tag
 * (i18next's "fr", a browser's "fr-FR"); formatters are made once per
 * language and options. ESLint refuses `new Intl.*Format` and
 * `toLocale*String` anywhere else (a fixed locale, "en-CA" for a day's key,
 * is not display and stays allowed).
 */

const cache = new Map<string, unknown>();
function cached<T>(kind: string, language: string, options: object | undefined, make: (locale: string) => T): T {
  const locale = localeOf(languageFromTag(language));
  const key = `${kind}|${locale}|${JSON.stringify(options ?? {})}`;
  let formatter = cache.get(key) as T | undefined;
  if (!formatter) {
    formatter = make(locale);
    cache.set(key, formatter);
  }
  return formatter;
}

/** Numbers, percentages, units and currencies in the language's way. */
export function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached("number", language, options, (locale) => new Intl.NumberFormat(locale, options));
}

/** Dates and times in the language's way (pass `timeZone` for anything but the reader's own zone). */
export function dateFormat(language: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached("date", language, options, (locale) => new Intl.DateTimeFormat(locale, options));
}

/** "2 min ago" / "il y a 2 min". */
export function relativeTimeFormat(language: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached("relative", language, options, (locale) => new Intl.RelativeTimeFormat(locale, options));
}

/** A country's or a language's name in the language ("Canada", « français »). */
export function displayNames(language: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return cached("names", language, options, (locale) => new Intl.DisplayNames([locale], options));
}

/** "Streaks and Firsts" / « Séries et Premiers pas »: a list joined as the language joins it. */
export function listFormat(language: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return cached("list", language, options, (locale) => new Intl.ListFormat(locale, options));
}

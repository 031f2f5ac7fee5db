import { languageFromTag, localeOf } from "./languages.js";
import { typesetText } from "./typography.js";

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

/**
 * A formatter whose `format` (and `formatRange`) output gets the language's
 * spacing rules (typography.ts): fr-CA's Intl writes "17 h 10 HNE" with
 * breaking spaces, which a line may split. Everything else is the formatter's own.
 */
function typesetting<T extends object>(formatter: T, locale: string): T {
  const wrapped = new Set(["format", "formatRange"]);
  return new Proxy(formatter, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== "function") return value;
      const bound = (value as (...args: unknown[]) => unknown).bind(target);
      return wrapped.has(property as string) ? (...args: unknown[]) => typesetText(locale, String(bound(...args))) : bound;
    },
  });
}

/** Numbers, percentages, units and currencies in the language's way. */
export function numberFormat(language: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  return cached("number", language, options, (locale) => typesetting(new Intl.NumberFormat(locale, options), locale));
}

/** Dates and times in the language's way (pass `timeZone` for anything but the reader's own zone). */
export function dateFormat(language: string, options?: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return cached("date", language, options, (locale) => typesetting(new Intl.DateTimeFormat(locale, options), locale));
}

/** "2 min ago" / "il y a 2 min". */
export function relativeTimeFormat(language: string, options?: Intl.RelativeTimeFormatOptions): Intl.RelativeTimeFormat {
  return cached("relative", language, options, (locale) => typesetting(new Intl.RelativeTimeFormat(locale, options), locale));
}

/** A country's or a language's name in the language ("Canada", « français »). */
export function displayNames(language: string, options: Intl.DisplayNamesOptions): Intl.DisplayNames {
  return cached("names", language, options, (locale) => new Intl.DisplayNames([locale], options));
}

/** "Streaks and Firsts" / « Séries et Premiers pas »: a list joined as the language joins it. */
export function listFormat(language: string, options?: Intl.ListFormatOptions): Intl.ListFormat {
  return cached("list", language, options, (locale) => new Intl.ListFormat(locale, options));
}

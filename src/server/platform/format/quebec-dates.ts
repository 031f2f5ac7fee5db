import { localeOf, type Language } from "../../../shared/i18n/languages.js";

/**
 * Dates in what the server writes (mails, PDFs, the data archive), as a
 * person in Québec reads them: Canadian English or French, Eastern time.
 */
const locale = localeOf;

/** A day: "November 24, 2026" / "24 novembre 2026". */
export function formatDay(language: Language, at: Date): string {
  return new Intl.DateTimeFormat(locale(language), { dateStyle: "long", timeZone: "America/Toronto" }).format(at);
}

/** A moment, with its time zone named (a security notice says when it happened). */
export function formatMoment(language: Language, at: Date): string {
  return new Intl.DateTimeFormat(locale(language), {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Toronto",
    timeZoneName: "short",
  }).format(at);
}

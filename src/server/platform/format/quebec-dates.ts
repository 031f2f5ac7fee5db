import type { Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import { dateFormat } from "../../../shared/i18n/format.js";

/**
 * Dates in what the server writes (mails, PDFs, the data archive), as a
 * person in Québec reads them: Canadian English or French, Eastern time.
 */

/** A day: "November 24, 2026" / "24 novembre 2026". */
export function formatDay(language: Language, at: Date): string {
  return dateFormat(language, { dateStyle: "long", timeZone: "America/Toronto" }).format(at);
}

/** A moment, with its time zone named (a security notice says when it happened). */
export function formatMoment(language: Language, at: Date): string {
  return dateFormat(language, {
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone: "America/Toronto",
    timeZoneName: "short",
  }).format(at);
}

/**
 * A deadline as its reader sees it in their own time zone: "9:00 p.m." when it
 * is on their local today, "midnight" when it is the end of their today,
 * "Friday 9:00 p.m." otherwise.
 */
export function formatDeadline(language: Language, at: Date, now: Date, timeZone: string): string {
  const dayOf = (moment: Date) => new Intl.DateTimeFormat("en-CA", { timeZone, dateStyle: "short" }).format(moment);
  if (dayOf(new Date(at.getTime() - 1)) === dayOf(now) && dayOf(at) !== dayOf(now)) return translate(language, "time.midnight");
  return dateFormat(language, {
    ...(dayOf(at) === dayOf(now) ? {} : { weekday: "long" }),
    hour: "numeric",
    minute: "2-digit",
    timeZone,
  }).format(at);
}

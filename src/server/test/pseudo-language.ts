import { DEFAULT_LANGUAGE, localeOf, type Language } from "../../shared/i18n/languages.js";
import { PSEUDO_LANGUAGE, pseudoLocalizeAll } from "../../shared/i18n/pseudo-locale.js";
import { giveLanguage, MESSAGE_FILES } from "../../shared/i18n/translate.js";

/**
 * Gives the server's `translate` the pseudo-locale (English accented and
 * longer, shared/i18n/pseudo-locale.ts) as a language known only by its
 * messages, and returns its code typed as a language: text rendered in it
 * that stays plain English never was a message.
 */
export function givePseudoLanguage(): Language {
  const english = Object.assign({}, ...Object.values(MESSAGE_FILES[DEFAULT_LANGUAGE])) as Parameters<typeof pseudoLocalizeAll>[0];
  giveLanguage(PSEUDO_LANGUAGE, localeOf(DEFAULT_LANGUAGE), pseudoLocalizeAll(english));
  return PSEUDO_LANGUAGE as Language;
}

/** A message as the pseudo-locale writes it: accented, between brackets ending in its dots. */
export const PSEUDO_TEXT = /\[[^\]]*·\]/;

/** Words of `text` with two Latin letters or more outside the pseudo-locale's brackets: hard-coded text. */
export function plainWords(text: string, allowed: readonly string[] = []): string[] {
  // A value wrapped over two lines (a long record in a document) is still the value: spaces are compared as one.
  const spaced = (value: string) => value.replace(/\s+/g, " ");
  let rest = spaced(text).replace(new RegExp(PSEUDO_TEXT, "g"), " ");
  // Longer values first: a link holding a code is taken out whole.
  for (const value of [...allowed].map(spaced).sort((a, b) => b.length - a.length)) if (value.trim()) rest = rest.split(value).join(" ");
  return rest.split(/\s+/).filter((word) => /[A-Za-z]{2,}/.test(word) && word !== "Kindly");
}

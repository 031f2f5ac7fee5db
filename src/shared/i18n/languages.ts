/**
 * The languages Kindly speaks: one entry each, in the order the language
 * button cycles through them. Adding a language is an entry here and a folder
 * of message files (`messages/<code>/`, the same files as `messages/en/`);
 * no code branches on a language (docs/i18n.md).
 */
export const LANGUAGE_DETAILS = {
  en: { locale: "en-CA", nativeName: "English", switchTo: "Switch to English" },
  fr: { locale: "fr-CA", nativeName: "Français", switchTo: "Passer au français" },
} as const satisfies Record<string, LanguageDetails>;

/**
 * What Kindly needs to know of a language. Its name and the "switch to" words
 * are written in the language itself, the same whatever language a page is
 * in (as language pickers do), so they live here rather than in every
 * language's messages.
 */
interface LanguageDetails {
  /** For dates and numbers (BCP 47, with the region Kindly serves). */
  locale: string;
  nativeName: string;
  /** The language button's name when it leads to this language. */
  switchTo: string;
}

export type Language = keyof typeof LANGUAGE_DETAILS;

/** The language codes, as a tuple zod's `enum` takes. */
export const LANGUAGES = Object.keys(LANGUAGE_DETAILS) as [Language, ...Language[]];

/** What a person gets when nothing says otherwise, and where a missing message falls back. */
export const DEFAULT_LANGUAGE: Language = "en";

/**
 * The languages printed side by side on posters and cards, French first: a
 * sign shown to the public in Québec must be in French, with any other
 * language no more prominent (Charter of the French language).
 */
export const PRINTED_LANGUAGES: readonly Language[] = ["fr", "en"];

/**
 * Pages whose language the spec fixes, whatever the app's: /app-link-v2 is a
 * printed code's landing page in French (docs/spec/organisation.md).
 */
export const PAGE_LANGUAGES: Readonly<Record<string, Language>> = { "/app-link-v2": "fr" };

/**
 * Where the demo's organizations are, the language their demo cards are
 * named in (a Montréal shop's cards in French); elsewhere the default.
 */
export const DEMO_LANGUAGE_OF_COUNTRY: Readonly<Record<string, Language>> = { CA: "fr" };

export const isLanguage = (value: unknown): value is Language => typeof value === "string" && Object.hasOwn(LANGUAGE_DETAILS, value);

/** Languages given only as data beside the registry (translate.ts's giveLanguage, for the pseudo-locale test): their locales. */
const GIVEN_LOCALES = new Map<string, string>();
export const giveLocale = (code: string, locale: string): void => void GIVEN_LOCALES.set(code, locale);

/** The BCP 47 locale for dates and numbers ("fr-CA"). */
export const localeOf = (language: Language): string =>
  (LANGUAGE_DETAILS as Record<string, LanguageDetails | undefined>)[language]?.locale ?? GIVEN_LOCALES.get(language)!;

/** The Open Graph form of the locale ("fr_CA"). */
export const openGraphLocaleOf = (language: Language): string => localeOf(language).replace("-", "_");

/**
 * The language a tag asks for ("fr", "fr-FR", an Accept-Language header
 * "fr-CA,fr;q=0.9,en;q=0.8"), by the first listed tag whose primary subtag
 * Kindly speaks; `fallback` otherwise.
 */
export function languageFromTag(tag: string | null | undefined, fallback: Language = DEFAULT_LANGUAGE): Language {
  for (const part of (tag ?? "").split(",")) {
    const primary = part.split(";")[0]!.trim().toLowerCase().split("-")[0];
    if (isLanguage(primary)) return primary;
  }
  return fallback;
}

/** The language after this one, for a button that switches between them. */
export function nextLanguage(language: Language): Language {
  return LANGUAGES[(LANGUAGES.indexOf(language) + 1) % LANGUAGES.length]!;
}

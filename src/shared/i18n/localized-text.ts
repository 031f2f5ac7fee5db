import { z } from "zod/mini";
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "./languages.js";

/**
 * Text people write in each language Kindly speaks (a contest's name, a
 * prize), by language code: {"en": "…", "fr": "…"}. Stored as one jsonb
 * column, so a language added later is a key, not a column.
 */
export type LocalizedText = Record<Language, string>;

/** The text in `language`; else in the default language (a language added later may not have it yet); else any. */
export function inLanguage(text: Partial<Record<string, string>>, language: Language): string {
  return text[language] || text[DEFAULT_LANGUAGE] || Object.values(text).find(Boolean) || "";
}

/**
 * A name someone wrote once, with its translations where they gave them (a
 * card series'): in `language` if there is one, else as written.
 */
export function nameIn(name: string, translations: Partial<Record<string, string>> | null | undefined, language: string): string {
  return translations?.[language]?.trim() || name;
}

/** A name's translations as an API gives them: by language code, only those written. */
export const nameTranslationsSchema = z.partialRecord(z.enum(LANGUAGES), z.string());

/** A form's or an API's localized field: one `field` per language. */
export function localizedSchema<T extends z.ZodMiniType<string, unknown>>(field: T) {
  return z.object(Object.fromEntries(LANGUAGES.map((language) => [language, field])) as Record<Language, T>);
}

/** The same empty text in every language, for a form's blank field. */
export const emptyLocalized = (): LocalizedText => Object.fromEntries(LANGUAGES.map((language) => [language, ""])) as LocalizedText;

/** Stored text with every language present (empty where none was written: a language added later, a blank description). */
export const completeLocalized = (text: Partial<Record<string, string>>): LocalizedText =>
  ({ ...emptyLocalized(), ...text }) as LocalizedText;

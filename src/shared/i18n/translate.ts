import { DEFAULT_LANGUAGE, giveLocale, LANGUAGES, localeOf, type Language } from "./languages.js";
import { MESSAGE_FILE_NAMES, type MessageFileName } from "./message-files.js";
import { RULE_VARIABLES } from "./rule-variables.js";
import { typesetMessages, typesetText } from "./typography.js";
import { numberFormat } from "./format.js";

type Messages = { [key: string]: string | Messages };

// esbuild and Vite bundle every file this pattern can name; tsx and Vitest read them as they come.
const readSection = async (language: Language, section: MessageFileName): Promise<Messages> =>
  ((await import(`./messages/${language}/${section}.json`, { with: { type: "json" } })) as { default: Messages }).default;

/** Every language's message files (message-files.ts says which), by language then file, read once at start. */
export const MESSAGE_FILES: Record<Language, Record<MessageFileName, Messages>> = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(async (language) => [
      language,
      Object.fromEntries(await Promise.all(MESSAGE_FILE_NAMES.map(async (section) => [section, await readSection(language, section)]))),
    ]),
  ),
);

// Each language's typography by rule (typography.ts): Québec's spaces and apostrophes in French.
const resources = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    typesetMessages(language, Object.assign({}, ...Object.values(MESSAGE_FILES[language])) as Messages),
  ]),
) as Record<Language, Messages>;

const pluralRules = Object.fromEntries(LANGUAGES.map((language) => [language, new Intl.PluralRules(localeOf(language))])) as Record<
  Language,
  Intl.PluralRules
>;

const ordinalRules = new Map<string, Intl.PluralRules>();

/**
 * "5th", "5e", "1re": a number as a rank, by the language's ordinal rules and
 * its `ordinals.<category>` message ({{n}} is the number).
 */
function ordinal(language: Language, value: number): string {
  const locale = pluralRules[language].resolvedOptions().locale;
  if (!ordinalRules.has(locale)) ordinalRules.set(locale, new Intl.PluralRules(locale, { type: "ordinal" }));
  const category = ordinalRules.get(locale)!.select(value);
  const form =
    lookup(resources[language], `ordinals.${category}`) ??
    lookup(resources[language], "ordinals.other") ??
    lookup(resources[DEFAULT_LANGUAGE], `ordinals.${category}`) ??
    "{{n}}";
  return form.replace("{{n}}", numberFormat(language).format(value));
}

/** A key with a count, as i18next reads it: its plural form for the count (`_one`, `_many`, `_other`…), else the plain key. */
function lookupCounted(language: Language, key: string, count: unknown): string | undefined {
  const messages = resources[language];
  // A count may come as text (email variables are strings), as i18next also takes it.
  const number = typeof count === "number" ? count : typeof count === "string" && count.trim() !== "" ? Number(count) : NaN;
  if (Number.isFinite(number)) {
    const form = lookup(messages, `${key}_${pluralRules[language].select(number)}`);
    if (form !== undefined) return form;
  }
  // Without a usable count, the plain key, else the general plural form.
  return lookup(messages, key) ?? lookup(messages, `${key}_other`);
}

/**
 * Looks up a dotted key ("apiErrors.rate_limited") for server-side text (API
 * messages, emails, PDFs), with i18next's {{name}} placeholders (the rules'
 * numbers, RULE_VARIABLES, are always there) and, with a
 * numeric `count`, its plural forms by the language's rules. Falls back to
 * the default language (English), then to the key itself, so a missing key is visible, never blank.
 */
export function translate(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  const found = lookupCounted(language, key, vars.count) ?? lookupCounted(DEFAULT_LANGUAGE, key, vars.count) ?? key;
  const values: Record<string, string | number> = { ...RULE_VARIABLES, ...vars };
  // {{name}}, {{name, number}} for a number written with the language's separators (as i18next does), {{name, ordinal}} for a rank.
  const filled = found.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (_, name: string, format?: string) => {
    const value = values[name] ?? "";
    if (format === "ordinal" && typeof value === "number") return ordinal(language, value);
    return format === "number" && typeof value === "number" ? numberFormat(language).format(value) : String(value);
  });
  // The values put in (a prize "50 $" an organisation typed, a time) get the language's spacing too.
  return typesetText(language, filled);
}

/**
 * A language given only as its messages, beside the registry's: the
 * pseudo-locale test renders every email and PDF in one, to show that no
 * server text names a language. `locale` formats its numbers and picks its
 * plural forms.
 */
export function giveLanguage(code: string, locale: string, messages: Messages): void {
  giveLocale(code, locale);
  (resources as Record<string, Messages>)[code] = messages;
  (pluralRules as Record<string, Intl.PluralRules>)[code] = new Intl.PluralRules(locale);
}

/** The message at a dotted key of one language's files (none when the key is missing or not a text). */
export function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/**
 * Validation messages are message keys, in `validation` (the forms of the
 * first pages) or in another file's `<name>Validation` section (adminValidation).
 */
export function isValidationKey(message: string): boolean {
  return /^(validation|[a-z]+Validation)\.\w+$/.test(message);
}

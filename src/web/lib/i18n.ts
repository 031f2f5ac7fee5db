import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, languageFromTag, type Language } from "../../shared/i18n/languages.js";
import type { PageMessageFile } from "../../shared/i18n/message-files.js";
import { PSEUDO_LANGUAGE, pseudoLocalizeAll } from "../../shared/i18n/pseudo-locale.js";
import { RULE_VARIABLES } from "../../shared/i18n/rule-variables.js";
import type en from "../../shared/i18n/messages/en/app.json";
import type account from "../../shared/i18n/messages/en/account.json";
import type admin from "../../shared/i18n/messages/en/admin.json";
import type organizations from "../../shared/i18n/messages/en/organizations.json";
import type pages from "../../shared/i18n/messages/en/pages.json";
import type community from "../../shared/i18n/messages/en/community.json";
import type workplace from "../../shared/i18n/messages/en/workplace.json";
import { typesetMessages, typesetText, type Messages } from "../../shared/i18n/typography.js";
import { numberFormat } from "../../shared/i18n/format.js";

const STORAGE_KEY = "kindly.language";
/**
 * The same choice as a cookie, so the server sends the page prerendered in
 * this language (the first paint then matches what the app renders).
 */
export const LANGUAGE_COOKIE = "kindly.language";

function rememberInCookie(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

declare module "i18next" {
  interface CustomTypeOptions {
    // Keys are typed from the English file: an unknown key is a compile error.
    resources: {
      translation: typeof en & typeof account & typeof pages & typeof organizations & typeof admin & typeof community & typeof workplace;
    };
  }
}

/**
 * Every message file, found by folder (`messages/<language>/<file>.json`):
 * each is its own chunk, loaded when a page needs it. A language is added by
 * its folder and its entry in languages.ts, not here.
 */
const messageFiles = import.meta.glob<{ default: object }>("../../shared/i18n/messages/*/*.json");

function messageLoader(language: Language, file: string): () => Promise<{ default: object }> {
  const load = messageFiles[`../../shared/i18n/messages/${language}/${file}.json`];
  if (!load) throw new Error(`No message file ${language}/${file}.json`);
  return load;
}

/** Messages only some pages need, loaded with those pages (and for every language switched to once a page asked). */
export type MessageSection = PageMessageFile;
/**
 * The pseudo-locale (shared/i18n/pseudo-locale.ts): `?lang=xa` in the address
 * shows every message accented and about 30 % longer, drawn from English, to
 * find hard-coded or clipped text. In development, and in a build whose server
 * offers the translators' preview (PSEUDO_LOCALE, never in production); decided
 * once when the app starts.
 */
let pseudo = false;

async function pseudoLocaleWanted(): Promise<boolean> {
  if (typeof location === "undefined" || new URLSearchParams(location.search).get("lang") !== PSEUDO_LANGUAGE) return false;
  if (import.meta.env.DEV) return true;
  // Only an address that asks for it pays for this request.
  const config = (await fetch("/api/public-config").then(
    (response) => (response.ok ? response.json() : null),
    () => null,
  )) as {
    pseudoLocale?: boolean;
  } | null;
  return config?.pseudoLocale === true;
}

function addMessages(language: Language, messages: object): void {
  // Each language's typography by rule (typography.ts): Québec's spaces and apostrophes in French.
  i18n.addResourceBundle(language, "translation", typesetMessages(language, messages as Messages), true, true);
  if (pseudo && language === DEFAULT_LANGUAGE) {
    i18n.addResourceBundle(PSEUDO_LANGUAGE, "translation", pseudoLocalizeAll(messages as Record<string, string>), true, true);
  }
}

const wantedSections = new Set<MessageSection>();
const loadedSections = new Set<`${Language}:${MessageSection}`>();

async function ensureSection(language: Language, section: MessageSection): Promise<void> {
  if (loadedSections.has(`${language}:${section}`)) return;
  const messages = await messageLoader(language, section)();
  addMessages(language, messages.default);
  loadedSections.add(`${language}:${section}`);
}

/** Loads a section's messages in the current language (and in any language switched to later). */
export async function loadMessages(section: MessageSection): Promise<void> {
  wantedSections.add(section);
  await ensureSection(currentLanguage(), section);
}

/** The choice made on this device with the toggle, if any. */
export function storedLanguage(): Language | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Stored choice first; otherwise the browser's language when Kindly speaks it. */
export function initialLanguage(): Language {
  return storedLanguage() ?? languageFromTag(navigator.language);
}

async function ensureLoaded(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, "translation")) {
    const messages = await messageLoader(language, "app")();
    addMessages(language, messages.default);
  }
  await Promise.all([...wantedSections].map((section) => ensureSection(language, section)));
}

/** Every message once its values are in: the values (a prize "50 $", a name) get the language's spacing too (typography.ts). */
const TYPESET = {
  type: "postProcessor" as const,
  name: "typeset",
  process: (value: string, _key: string | string[], _options: object, translator: { language?: string }) =>
    typesetText(translator.language ?? DEFAULT_LANGUAGE, value),
};

/** {{count, number}} in the language's locale (format.ts: fr-CA's "1 000"), as the server writes it, not i18next's bare "fr". */
function formatNumbersInLocale(): void {
  i18n.services.formatter?.add("number", (value: unknown, language: string | undefined, options: Intl.NumberFormatOptions) =>
    numberFormat(language ?? DEFAULT_LANGUAGE, options).format(Number(value)),
  );
}

/** i18next as the app and the prerender both run it: the rules' numbers, typeset values, numbers in the language's locale. */
async function startI18next(language: string, resources: Record<string, { translation: object }>): Promise<void> {
  await i18n
    .use(initReactI18next)
    .use(TYPESET)
    .init({
      lng: language,
      fallbackLng: false,
      resources,
      interpolation: { escapeValue: false, defaultVariables: RULE_VARIABLES },
      returnNull: false,
      postProcess: [TYPESET.name],
    });
  formatNumbersInLocale();
}

export async function initI18n(): Promise<void> {
  pseudo = await pseudoLocaleWanted();
  const language = pseudo ? DEFAULT_LANGUAGE : initialLanguage();
  await startI18next(language, {});
  await ensureLoaded(language);
  if (pseudo) await i18n.changeLanguage(PSEUDO_LANGUAGE);
  document.documentElement.lang = language;
  if (storedLanguage()) rememberInCookie(language);
}

/**
 * For the build's prerender: every language's messages are given, nothing is
 * detected (a test also gives the pseudo-locale's).
 */
export async function initI18nWith(language: string, messages: Record<string, object>): Promise<void> {
  await startI18next(
    language,
    Object.fromEntries(
      Object.entries(messages).map(([code, translation]) => [code, { translation: typesetMessages(code, translation as Messages) }]),
    ),
  );
}

export async function changeLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  try {
    localStorage.setItem(STORAGE_KEY, language);
  } catch {
    // the choice then lasts for this visit only
  }
  rememberInCookie(language);
}

/**
 * Loads a language's messages (the app's and the sections asked so far)
 * without switching to it, for a page that always speaks one language
 * (/app-link-v2 is French whatever the app's language).
 */
export async function loadLanguage(language: Language): Promise<void> {
  await ensureLoaded(language);
}

export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

export { i18n };

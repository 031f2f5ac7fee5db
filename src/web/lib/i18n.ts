import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { DEFAULT_LANGUAGE, isLanguage, languageFromTag, type Language } from "../../shared/i18n/languages.js";
import type en from "../../shared/i18n/en.json";
import type account from "../../shared/i18n/account.en.json";
import type admin from "../../shared/i18n/admin.en.json";
import type organizations from "../../shared/i18n/organizations.en.json";
import type pages from "../../shared/i18n/pages.en.json";
import type community from "../../shared/i18n/community.en.json";
import type workplace from "../../shared/i18n/workplace.en.json";

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

/** Each language is its own chunk: the first page loads only the one it shows. */
const loaders: Record<Language, () => Promise<{ default: object }>> = {
  en: () => import("../../shared/i18n/en.json"),
  fr: () => import("../../shared/i18n/fr.json"),
};

/** Messages only some pages need, loaded with those pages (and for both languages once a page asked). */
const sectionLoaders = {
  account: {
    en: () => import("../../shared/i18n/account.en.json"),
    fr: () => import("../../shared/i18n/account.fr.json"),
  },
  pages: {
    en: () => import("../../shared/i18n/pages.en.json"),
    fr: () => import("../../shared/i18n/pages.fr.json"),
  },
  organizations: {
    en: () => import("../../shared/i18n/organizations.en.json"),
    fr: () => import("../../shared/i18n/organizations.fr.json"),
  },
  admin: {
    en: () => import("../../shared/i18n/admin.en.json"),
    fr: () => import("../../shared/i18n/admin.fr.json"),
  },
  community: {
    en: () => import("../../shared/i18n/community.en.json"),
    fr: () => import("../../shared/i18n/community.fr.json"),
  },
  workplace: {
    en: () => import("../../shared/i18n/workplace.en.json"),
    fr: () => import("../../shared/i18n/workplace.fr.json"),
  },
} satisfies Record<string, Record<Language, () => Promise<{ default: object }>>>;
export type MessageSection = keyof typeof sectionLoaders;
const wantedSections = new Set<MessageSection>();
const loadedSections = new Set<`${Language}:${MessageSection}`>();

async function ensureSection(language: Language, section: MessageSection): Promise<void> {
  if (loadedSections.has(`${language}:${section}`)) return;
  const messages = await sectionLoaders[section][language]();
  i18n.addResourceBundle(language, "translation", messages.default, true, true);
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
    const messages = await loaders[language]();
    i18n.addResourceBundle(language, "translation", messages.default, true, true);
  }
  await Promise.all([...wantedSections].map((section) => ensureSection(language, section)));
}

export async function initI18n(): Promise<void> {
  const language = initialLanguage();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: {},
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await ensureLoaded(language);
  document.documentElement.lang = language;
  if (storedLanguage()) rememberInCookie(language);
}

/** For the build's prerender: both languages' messages are given, nothing is detected. */
export async function initI18nWith(language: Language, messages: Record<Language, object>): Promise<void> {
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: false,
    resources: { en: { translation: messages.en }, fr: { translation: messages.fr } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
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

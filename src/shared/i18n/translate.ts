import type { Language } from "../constants.js";
import en from "./en.json" with { type: "json" };
import fr from "./fr.json" with { type: "json" };
import organizationsEn from "./organizations.en.json" with { type: "json" };
import pagesEn from "./pages.en.json" with { type: "json" };
import pagesFr from "./pages.fr.json" with { type: "json" };
import organizationsFr from "./organizations.fr.json" with { type: "json" };
import serverEn from "./server.en.json" with { type: "json" };
import serverFr from "./server.fr.json" with { type: "json" };

type Messages = { [key: string]: string | Messages };

/**
 * Each language's messages come in files by where they are needed: the app's
 * first pages (`en.json`), the information pages (`pages.en.json`: legal
 * texts, FAQ, rules, contact, map, onboarding, history) and the organisation pages
 * (`organizations.en.json`), each loaded with its pages, and what only the
 * server writes, emails and posters (`server.en.json`). Their top-level
 * sections never overlap.
 */
export const MESSAGE_FILES = {
  en: { app: en, pages: pagesEn, organizations: organizationsEn, server: serverEn },
  fr: { app: fr, pages: pagesFr, organizations: organizationsFr, server: serverFr },
} as const;

const resources: Record<Language, Messages> = {
  en: { ...en, ...pagesEn, ...organizationsEn, ...serverEn },
  fr: { ...fr, ...pagesFr, ...organizationsFr, ...serverFr },
};

/**
 * Looks up a dotted key ("errors.rate_limited") for server-side text (API
 * messages, emails), with i18next's {{name}} placeholders. Falls back to
 * English, then to the key itself, so a missing key is visible, never blank.
 */
export function translate(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  const found = lookup(resources[language], key) ?? lookup(resources.en, key) ?? key;
  return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}

function lookup(messages: Messages, key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

export function pickLanguage(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith("fr") ? "fr" : "en";
}

import type { Language } from "../constants.js";
import en from "./en.json" with { type: "json" };
import fr from "./fr.json" with { type: "json" };
import accountEn from "./account.en.json" with { type: "json" };
import accountFr from "./account.fr.json" with { type: "json" };
import adminEn from "./admin.en.json" with { type: "json" };
import adminFr from "./admin.fr.json" with { type: "json" };
import organizationsEn from "./organizations.en.json" with { type: "json" };
import pagesEn from "./pages.en.json" with { type: "json" };
import pagesFr from "./pages.fr.json" with { type: "json" };
import organizationsFr from "./organizations.fr.json" with { type: "json" };
import communityEn from "./community.en.json" with { type: "json" };
import communityFr from "./community.fr.json" with { type: "json" };
import workplaceEn from "./workplace.en.json" with { type: "json" };
import workplaceFr from "./workplace.fr.json" with { type: "json" };
import serverEn from "./server.en.json" with { type: "json" };
import serverFr from "./server.fr.json" with { type: "json" };

type Messages = { [key: string]: string | Messages };

/**
 * Each language's messages come in files by where they are needed: the app's
 * first pages (`en.json`), the account pages reached from emails (`account.en.json`:
 * confirming, resetting, recovering), the information pages (`pages.en.json`: legal
 * texts, FAQ, rules, contact, map, onboarding, history) and the organisation pages
 * (`organizations.en.json`), the admin panel (`admin.en.json`) and the
 * community pages (`community.en.json`: chat, gallery, card journeys), the
 * workplace well-being area (`workplace.en.json`, with its certificates), each
 * loaded with its pages, and what only the
 * server writes, emails and posters (`server.en.json`). Their top-level
 * sections never overlap.
 */
export const MESSAGE_FILES = {
  en: {
    app: en,
    account: accountEn,
    pages: pagesEn,
    organizations: organizationsEn,
    admin: adminEn,
    community: communityEn,
    workplace: workplaceEn,
    server: serverEn,
  },
  fr: {
    app: fr,
    account: accountFr,
    pages: pagesFr,
    organizations: organizationsFr,
    admin: adminFr,
    community: communityFr,
    workplace: workplaceFr,
    server: serverFr,
  },
} as const;

const resources: Record<Language, Messages> = {
  en: { ...en, ...accountEn, ...pagesEn, ...organizationsEn, ...adminEn, ...communityEn, ...workplaceEn, ...serverEn },
  fr: { ...fr, ...accountFr, ...pagesFr, ...organizationsFr, ...adminFr, ...communityFr, ...workplaceFr, ...serverFr },
};

const pluralRules = { en: new Intl.PluralRules("en-CA"), fr: new Intl.PluralRules("fr-CA") };

/** A key with a count, as i18next reads it: its plural form for the count (`_one`, `_many`, `_other`…), else the plain key. */
function lookupCounted(language: Language, key: string, count: unknown): string | undefined {
  const messages = resources[language];
  if (typeof count === "number") {
    const form = lookup(messages, `${key}_${pluralRules[language].select(count)}`);
    if (form !== undefined) return form;
  }
  return lookup(messages, key);
}

/**
 * Looks up a dotted key ("apiErrors.rate_limited") for server-side text (API
 * messages, emails, PDFs), with i18next's {{name}} placeholders and, with a
 * numeric `count`, its plural forms by the language's rules. Falls back to
 * English, then to the key itself, so a missing key is visible, never blank.
 */
export function translate(language: Language, key: string, vars: Record<string, string | number> = {}): string {
  const found = lookupCounted(language, key, vars.count) ?? lookupCounted("en", key, vars.count) ?? key;
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

/**
 * Validation messages are message keys, in `validation` (the forms of the
 * first pages) or in another file's `<name>Validation` section (adminValidation).
 */
export function isValidationKey(message: string): boolean {
  return /^(validation|[a-z]+Validation)\.\w+$/.test(message);
}

import type { Language } from "../constants.js";
import en from "./en.json" with { type: "json" };
import fr from "./fr.json" with { type: "json" };

type Messages = { [key: string]: string | Messages };
const resources: Record<Language, Messages> = { en, fr };

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

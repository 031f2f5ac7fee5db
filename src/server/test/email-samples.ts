import en from "../../shared/i18n/messages/en/server.json" with { type: "json" };
import type { EmailTemplate } from "../platform/mail/account-emails.js";
import { RULE_VARIABLES } from "../../shared/i18n/rule-variables.js";

const WORDS = en.email as unknown as Record<string, Record<string, string>>;

/**
 * Sample values for a template's placeholders, so nothing renders empty (the
 * same every run, for screenshots). The rules' numbers (RULE_VARIABLES) are
 * left to translate, which fills them as in a real email.
 */
export function sampleVars(template: EmailTemplate): Record<string, string> {
  const names = new Set(
    [
      ...Object.values(WORDS[template.name]!)
        .join(" ")
        .matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g),
    ]
      .map((match) => match[1]!)
      .filter((name) => !Object.hasOwn(RULE_VARIABLES, name)),
  );
  const sample = (name: string) => (name === "username" ? "marie42" : name === "count" ? "3" : `Sample ${name}`);
  return Object.fromEntries([...names, "username"].map((name) => [name, sample(name)]));
}

/** Templates with a button have an `action` label; the others are sent without a link. */
export const hasAction = (template: EmailTemplate) => "action" in WORDS[template.name]!;

import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE, LANGUAGES, localeOf, type Language } from "./languages.js";
import { messageEntries } from "./message-entries.js";
import { MESSAGE_FILE_NAMES } from "./message-files.js";
import { MESSAGE_FILES, translate } from "./translate.js";

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]))].sort();

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
/** A message's key without its plural form: `acts_one` and `acts_other` are both `acts`. */
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, "");

const messages = new Map(LANGUAGES.map((language) => [language, messageEntries(language)]));
const others = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/** Each message, or plural family, with the placeholders any of its forms uses. */
function families(language: Language): Map<string, string[]> {
  const out = new Map<string, Set<string>>();
  for (const [key, text] of messages.get(language)!) {
    const set = out.get(baseKey(key)) ?? new Set<string>();
    for (const name of placeholders(text)) set.add(name!);
    out.set(baseKey(key), set);
  }
  return new Map([...out].map(([key, names]) => [key, [...names].sort()]));
}

describe("message files", () => {
  it("are one folder per language, each with the same files, all of them read", () => {
    const folder = fileURLToPath(new URL("./messages/", import.meta.url));
    expect(readdirSync(folder).sort()).toEqual([...LANGUAGES].sort());
    for (const language of LANGUAGES) {
      expect(readdirSync(`${folder}/${language}`).sort()).toEqual(MESSAGE_FILE_NAMES.map((name) => `${name}.json`).sort());
    }
  });

  it("split each language the same way, with no section in two files", () => {
    for (const language of others) {
      for (const file of MESSAGE_FILE_NAMES) {
        expect(Object.keys(MESSAGE_FILES[language][file])).toEqual(Object.keys(MESSAGE_FILES[DEFAULT_LANGUAGE][file]));
      }
    }
    const sections = Object.values(MESSAGE_FILES[DEFAULT_LANGUAGE]).flatMap((file) => Object.keys(file));
    expect(sections.length).toBe(new Set(sections).size);
  });

  it("have the same messages in every language (plural forms aside: each language has its own)", () => {
    const reference = families(DEFAULT_LANGUAGE);
    for (const language of others) {
      const theirs = families(language);
      expect({ language, missing: [...reference.keys()].filter((key) => !theirs.has(key)) }).toEqual({ language, missing: [] });
      expect({ language, extra: [...theirs.keys()].filter((key) => !reference.has(key)) }).toEqual({ language, extra: [] });
    }
  });

  it("use the same placeholders in every language", () => {
    const reference = families(DEFAULT_LANGUAGE);
    for (const language of others) {
      const theirs = families(language);
      const mismatched = [...reference].filter(([key, names]) => names.join() !== (theirs.get(key) ?? []).join()).map(([key]) => key);
      expect({ language, mismatched }).toEqual({ language, mismatched: [] });
    }
  });

  it("give every message with a count each plural form its language needs, and no other", () => {
    for (const language of LANGUAGES) {
      // French needs one, many and other ("1 acte", "2 actes", "1 000 000 d’actes"); English one and other.
      const needed = new Intl.PluralRules(localeOf(language)).resolvedOptions().pluralCategories;
      const keys = messages.get(language)!;
      const problems: string[] = [];
      for (const [key, names] of families(language)) {
        const forms = [...keys.keys()].filter((other) => other !== key && baseKey(other) === key && PLURAL_SUFFIX.test(other));
        if (!names.includes("count") && forms.length === 0) continue;
        if (forms.length === 0) {
          problems.push(`${key}: a count without plural forms`);
          continue;
        }
        for (const category of needed) if (!keys.has(`${key}_${category}`)) problems.push(`${key}_${category} missing`);
        for (const form of forms)
          if (!needed.includes(form.match(PLURAL_SUFFIX)![1] as Intl.LDMLPluralRule)) problems.push(`${form}: not a form of ${language}`);
      }
      expect({ language, problems }).toEqual({ language, problems: [] });
    }
  });

  it("leave no message empty", () => {
    for (const language of LANGUAGES) {
      expect({ language, empty: [...messages.get(language)!].filter(([, text]) => text.trim() === "").map(([key]) => key) }).toEqual({
        language,
        empty: [],
      });
    }
  });

  it("translates with placeholders and falls back to the key when one is missing", () => {
    expect(translate("fr", "apiErrors.role_not_assignable", { role: "admin" })).toBe("Vous n’êtes pas autorisé à attribuer le rôle admin");
    expect(translate("en", "no.such.key")).toBe("no.such.key");
  });

  it('promise nothing for later: no "Coming soon" or "Bientôt" anywhere (issue 43)', () => {
    for (const language of LANGUAGES) {
      const waiting = [...messages.get(language)!].filter(([, text]) => /coming soon|bientôt/i.test(text)).map(([key]) => key);
      expect({ language, waiting }).toEqual({ language, waiting: [] });
    }
  });

  it("write one apostrophe, the curly one, in English as in French (issue 44: both on one screen read as careless)", () => {
    for (const language of LANGUAGES) {
      const straight = [...messages.get(language)!].filter(([, text]) => /[\p{L}}]'[\p{L}]|\p{L}' /u.test(text)).map(([key]) => key);
      expect({ language, straight }).toEqual({ language, straight: [] });
    }
  });

  it("answer the FAQ with what the app lets people do themselves: the controls it names exist (issue 44 §7)", () => {
    for (const language of LANGUAGES) {
      const all = messages.get(language)!;
      const faq = (key: string) => all.get(`faq.${key}`)!;
      const label = (key: string) =>
        all
          .get(key)!
          .replace(/\{\{[^}]*\}\}/g, "")
          .trim();
      // Deleting an account: Profile, its privacy card, its button; joining as an organization: the home page's button.
      expect(faq("a10")).toContain(label("profile.privacy.title"));
      expect(faq("a10")).toContain(label("profile.deleteAccount.open"));
      expect(faq("a8")).toContain(label("home.orgButton"));
      for (const key of ["a8", "a10"]) expect(faq(key)).not.toContain(label("nav.contact"));
    }
  });

  it('write English labels, buttons and titles in sentence case ("Access granted!", not "Access Granted!")', () => {
    // Names keep their capitals: Kindly's own, places, languages, platforms; rarities and achievements are named by the spec.
    const PROPER =
      /^(Kindly(’s|'s)?|Québec(’s|'s)?|Canada|I|Map|Training|WebP|Amira|English|Français|French|Android|iPhone|JavaScript|Eastern|Time|PostgreSQL|New|York|Google|Play|App|Store|Microsoft|Entra|Workspace|Shift|Enter|Marc|Lina|[A-Z0-9-]{2,})$/;
    const shortTitleCase = [...messages.get("en")!].filter(([key, text]) => {
      if (/^(achievements\..*\.name|rarity\.)/.test(key)) return false;
      const plain = text.replace(/\{\{[^}]*\}\}|<[^>]*>|“[^”]*”/g, " ");
      // Labels, buttons, titles and short sentences; each sentence's first word may be capitalised.
      if (plain.split(/\s+/).filter(Boolean).length > 14) return false;
      return plain
        .split(/[.!?:]\s+/)
        .some((sentence) =>
          (sentence.match(/\p{L}[\p{L}’'-]*/gu) ?? []).slice(1).some((word) => /^\p{Lu}/u.test(word) && !PROPER.test(word)),
        );
    });
    expect(shortTitleCase.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });
});

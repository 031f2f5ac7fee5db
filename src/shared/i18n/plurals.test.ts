import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.js";
import { MESSAGE_FILES, translate } from "./translate.js";

// Every counted message (issue 44, issue 61 §3): its form for 0, 1, 2, 1,000
// and 1,000,000 in each language — French says "0 geste" and "1 geste" (0
// takes the singular) and « 1 000 000 de gestes », English "0 acts" and
// "1 act" — and the count written as the language writes numbers.

const SAMPLES = [0, 1, 2, 1000, 1_000_000] as const;
const WRITTEN = { en: ["1,000", "1,000,000"], fr: ["1\u00a0000", "1\u00a0000\u00a0000"] } as const;
/** The form each language's grammar takes for each sample count. */
const FORM = { en: ["other", "one", "other", "other", "other"], fr: ["one", "one", "other", "other", "many"] } as const;
/** The word right after a count (a cardinal: "1st" is an ordinal), in a message's form. */
const wordAfterCount = (text: string) => /\{\{\s*count(?:,\s*number)?\s*\}\}[\s\u00a0]+([^\s\u00a0]+)/u.exec(text)?.[1];

/** Every counted message of a language: its key (without the form) and its forms. */
function countedMessages(language: (typeof LANGUAGES)[number]): Map<string, Record<string, string>> {
  const counted = new Map<string, Record<string, string>>();
  const walk = (value: unknown, path: string) => {
    for (const [key, inner] of Object.entries(value as object)) {
      const form = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
      if (typeof inner !== "string") walk(inner, `${path}${key}.`);
      else if (form) counted.set(`${path}${form[1]}`, { ...counted.get(`${path}${form[1]}`), [form[2]!]: inner });
    }
  };
  for (const messages of Object.values(MESSAGE_FILES[language])) walk(messages, "");
  return counted;
}

describe("counted messages", () => {
  for (const language of LANGUAGES) {
    it(`take ${language}'s form for 0, 1, 2, 1,000 and 1,000,000 and write the count as ${language} does`, () => {
      const counted = countedMessages(language);
      expect(counted.size).toBeGreaterThan(50);
      for (const [key, forms] of counted) {
        for (const [i, count] of SAMPLES.entries()) {
          const form = FORM[language][i]!;
          const rendered = translate(language, key, { count });
          // The form the grammar wants, and no other (a message may have no own form for one: then "other").
          const template = forms[form] ?? forms.other!;
          expect(rendered.replace(/\s/g, " "), `${key} for ${count}`).toBe(
            translate(language, `${key}_${forms[form] ? form : "other"}`, { count }).replace(/\s/g, " "),
          );
          if (count >= 1000 && /\{\{\s*count\b/.test(template))
            expect(rendered.replace(/\u202f/g, "\u00a0"), `${key} for ${count}`).toContain(WRITTEN[language][count === 1000 ? 0 : 1]);
        }
      }
    });
  }

  it("use a count only with their plural forms: no message writes {{count}} without them", () => {
    const uncounted: string[] = [];
    for (const language of LANGUAGES) {
      const walk = (value: unknown, path: string) => {
        for (const [key, inner] of Object.entries(value as object)) {
          if (typeof inner !== "string") walk(inner, `${path}${key}.`);
          else if (!/_(zero|one|two|few|many|other)$/.test(key) && /\{\{\s*count\b/.test(inner))
            uncounted.push(`${language}:${path}${key}`);
        }
      };
      for (const messages of Object.values(MESSAGE_FILES[language])) walk(messages, "");
    }
    expect(uncounted).toEqual([]);
  });

  it("have every form their language's grammar uses: English one and other; French one, many and other", () => {
    const missing: string[] = [];
    for (const [language, needed] of [
      ["en", ["one", "other"]],
      ["fr", ["one", "many", "other"]],
    ] as const)
      for (const [key, forms] of countedMessages(language))
        for (const form of needed) if (!forms[form]) missing.push(`${language}:${key}_${form}`);
    expect(missing).toEqual([]);
  });

  it("say a million in French with « de » before the noun: « 1 000 000 de gestes », « 1 000 000 d’actes »", () => {
    // Words that are not nouns may follow a count: a unit, a preposition, an adjective before the noun.
    const NOT_A_NOUN = new Set(["m", "km", "%", "$", "h", "min", "s", "sur", "avec", "par", "pour", "à", "sans", "en", "derniers"]);
    const wrong = [...countedMessages("fr")]
      .map(([key, forms]) => [key, wordAfterCount(forms.many ?? "")] as const)
      .filter(([, word]) => word !== undefined && !/^(de|d’)/.test(word) && !NOT_A_NOUN.has(word.replace(/[.,;:!?)]+$/, "")))
      .map(([key, word]) => `${key}: ${word}`);
    expect(wrong).toEqual([]);
  });

  it("say one in English with the singular: the word after the count differs between one and other when it is a plural", () => {
    // "1 acts" is the fault: a one form whose word after the count is the other form's plural.
    const wrong = [...countedMessages("en")]
      .map(([key, forms]) => [key, wordAfterCount(forms.one ?? ""), wordAfterCount(forms.other ?? "")] as const)
      .filter(([, one, other]) => one !== undefined && one === other && /[^s]s$/.test(one))
      .map(([key, one]) => `${key}: ${one}`);
    expect(wrong).toEqual([]);
  });
});

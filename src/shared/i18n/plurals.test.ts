import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.js";
import { MESSAGE_FILES, translate } from "./translate.js";

// Every counted message (issue 44): its form for 0, 1, 2 and 1,000 in each
// language — French says "0 geste" and "1 geste" (0 takes the singular),
// English "0 acts" and "1 act" — and the count written as the language
// writes numbers ("1,000", "1 000").

const SAMPLES = [0, 1, 2, 1000] as const;
const WRITTEN = { en: "1,000", fr: "1\u00a0000" } as const;
/** The form each language's grammar takes for each sample count. */
const FORM = { en: ["other", "one", "other", "other"], fr: ["one", "one", "other", "other"] } as const;

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
    it(`take ${language}'s form for 0, 1, 2 and 1,000 and write the count as ${language} does`, () => {
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
          if (count === 1000 && /\{\{\s*count\b/.test(template)) expect(rendered, `${key} for 1,000`).toContain(WRITTEN[language]);
        }
      }
    });
  }
});

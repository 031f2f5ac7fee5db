import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import { setAsideWords, uses } from "../../../shared/i18n/glossary-rules.js";
import { messageEntries } from "../../../shared/i18n/message-entries.js";
import { translate } from "../../../shared/i18n/translate.js";
import { hasAction, sampleVars } from "../../test/email-samples.js";
import { accountEmail } from "./account-emails.js";
import { DECLARED_EMAILS as EMAIL_TEMPLATES } from "../../test/declared.js";
import { renderMail } from "./mailer.js";

// The glossary holds in what people receive, not only in the message files
// (issue 61 §3): every email as rendered (subject, text, layout, footers),
// every push's title and body, every image's description, in each language.

const glossary = readFileSync(fileURLToPath(new URL("../../../../docs/glossary.md", import.meta.url)), "utf8");

/** A message's placeholders filled with plain sample words, as a notice fills them. */
const filled = (language: (typeof LANGUAGES)[number], key: string, text: string) =>
  translate(
    language,
    key,
    Object.fromEntries([...text.matchAll(/\{\{\s*(\w+)/g)].map(([, name]) => [name!, name === "count" ? 2 : "Laval"])),
  );

describe("the glossary in every surface people receive", () => {
  it('sets aside "kindness scans" in English: a numbered act is an act', () => {
    expect(setAsideWords(glossary, "en").map(({ word }) => word)).toContain("kindness scans");
  });

  for (const language of ["en", "fr"] as const) {
    it(`${language}: no email, push or image description uses a word the glossary sets aside`, async () => {
      const surfaces = new Map<string, string>();
      for (const template of EMAIL_TEMPLATES) {
        const link = hasAction(template) ? "https://kindly.example/l/abc" : undefined;
        const mail = await renderMail(accountEmail(template, language, "to@example.test", sampleVars(template), link), null);
        surfaces.set(`email ${template.name}`, `${mail.subject}\n${mail.text}`);
      }
      for (const [key, text] of messageEntries(language)) {
        // Push notices, and every image's description (an alt text, a card's description for sharing).
        if (key.startsWith("notices.") || /(^|\.)(imageAlt|alt|\w+Alt)$/.test(key) || key.startsWith("share.")) {
          surfaces.set(key, filled(language, key, text));
        }
      }
      expect(surfaces.size).toBeGreaterThan(EMAIL_TEMPLATES.length + 20);
      expect(uses(surfaces, setAsideWords(glossary, language))).toEqual([]);
    });
  }
});

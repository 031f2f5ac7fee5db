import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../shared/constants.js";
import { hasAction, sampleVars } from "../../test/email-samples.js";
import { accountEmail } from "./account-emails.js";
import { declaredEmail, DECLARED_EMAILS as EMAIL_TEMPLATES } from "../../test/declared.js";
import { renderMail } from "./mailer.js";
import { typographyFaults } from "../../../shared/i18n/typography.js";
import { translate } from "../../../shared/i18n/translate.js";
import { localeOf } from "../../../shared/i18n/languages.js";
import { givePseudoLanguage, plainWords } from "../../test/pseudo-language.js";

const LONG_LINK = `https://kindly.example/auth/confirm?token=${"x".repeat(280)}&type=signup`;

describe("every email Kindly sends", () => {
  for (const template of EMAIL_TEMPLATES) {
    for (const language of LANGUAGES) {
      it(`${template.name} in ${language}: HTML and text, the button leading to the link, every placeholder filled`, async () => {
        const link = hasAction(template) ? LONG_LINK : undefined;
        const mail = await renderMail(accountEmail(template, language, "to@example.test", sampleVars(template), link), null);
        expect(mail.subject.length).toBeGreaterThan(3);
        for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/\{\{|\}\}|email\.\w+\./);
        // French as Québec writes it: no-break spaces, curly apostrophes (the sample values are plain words).
        if (language === "fr") expect(typographyFaults(`${mail.subject}\n${mail.text}`)).toEqual([]);
        expect(mail.html).toContain(`lang="${localeOf(language)}"`);
        expect(mail.html).toContain('name="color-scheme"');
        // Without it, a phone's mail app lays the message out for a desktop and shrinks it.
        expect(mail.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"');
        if (!link) return expect(mail.html).not.toContain("<a ");
        // The one large button, and the same link in the text.
        const label = accountEmail(template, language, "to@example.test", sampleVars(template), LONG_LINK).content.action!.label;
        expect(mail.html).toMatch(
          new RegExp(
            `<a[^>]+href="${LONG_LINK.replace(/[.?&]/g, "\\$&").replace(/&/g, "&amp;")}"[^>]*>[\\s\\S]*?${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/'/g, "(?:'|&#x27;|&#39;)")}`,
          ),
        );
        // "label: link" as the language writes it (French puts a non-breaking space before the colon).
        expect(mail.text).toContain(translate(language, "email.layout.labelled", { label, url: LONG_LINK }));
      });
    }
  }

  it("renders every email in a language given only as messages, with its words only (issue 45 §6)", async () => {
    const pseudo = givePseudoLanguage();
    const found: Record<string, string[]> = {};
    for (const template of EMAIL_TEMPLATES) {
      const vars = sampleVars(template);
      const link = hasAction(template) ? "https://kindly.example/l/abc" : undefined;
      const mail = await renderMail(accountEmail(template, pseudo, "to@example.test", vars, link), null);
      const visible = mail.html.replace(/<(style|head)[^>]*>[\s\S]*?<\/\1>/g, " ").replace(/<[^>]+>/g, " ");
      // What the email was given (the sample values, the link) is not its words.
      const left = plainWords(`${mail.subject}\n${mail.text}\n${visible}`, [...Object.values(vars), link ?? "", "to@example.test"]);
      if (!/·\]/.test(mail.subject) || left.length > 0) found[template.name] = [mail.subject, ...left];
    }
    expect(found).toEqual({});
  });

  it("writes a long link short in both parts, and leaves a short one as it is", async () => {
    const shortened: string[] = [];
    const links = { shorten: async (url: string) => (shortened.push(url), "https://kindly.example/l/Ab3dE9xK2qRt") };
    const mail = await renderMail(accountEmail(declaredEmail("confirmEmail"), "fr", "to@example.test", {}, LONG_LINK), links);
    expect(shortened).toEqual([LONG_LINK]);
    expect(mail.text).toContain("https://kindly.example/l/Ab3dE9xK2qRt");
    expect(mail.html).toContain('href="https://kindly.example/l/Ab3dE9xK2qRt"');
    for (const part of [mail.text, mail.html]) expect(part).not.toContain("x".repeat(100));
  });
});

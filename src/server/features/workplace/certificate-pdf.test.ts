import { describe, expect, it } from "vitest";
import { CERTIFICATE_KINDS } from "../../../shared/workplace/learning.js";
import { formatDay } from "../../platform/format/quebec-dates.js";
import { pdfText } from "../../test/documents.js";
import { givePseudoLanguage, plainWords } from "../../test/pseudo-language.js";
import { certificatePdf, type CertificateFacts } from "./certificate-pdf.js";

/*
 * A certificate in a language given only as messages (the pseudo-locale:
 * English accented and longer): every word it prints is a message or a fact
 * it was given, so a third language is its message files (issue 45 §6).
 */
describe("a certificate in a language given only as messages", () => {
  for (const kind of CERTIFICATE_KINDS) {
    it(`prints a ${kind} certificate with its words only`, async () => {
      const language = givePseudoLanguage();
      const facts: CertificateFacts = {
        kind,
        code: "ABCD-EFGH",
        holder: "Marie Tremblay",
        employer: "Café Bienveillance",
        completedAt: new Date("2026-11-27T15:00:00Z"),
        expiresAt: new Date("2027-11-27T15:00:00Z"),
        durationMinutes: 45,
        signatory: { name: "Lucie Roy", title: "Directrice" },
        score: 90,
        attempts: 1,
        verifyUrl: "https://kindly.example/verify/ABCD-EFGH",
        employerLogo: null,
      };
      const text = (await pdfText(await certificatePdf(facts, language))).join("\n");
      expect(text).toMatch(/·\]/);
      // What it was given, and the day as the language's locale writes it (Intl's, not a message).
      const given = [facts.code, facts.holder, facts.employer, facts.signatory!.name, facts.signatory!.title, facts.verifyUrl];
      expect(plainWords(text, [...given, formatDay(language, facts.completedAt), formatDay(language, facts.expiresAt!)])).toEqual([]);
    });
  }
});

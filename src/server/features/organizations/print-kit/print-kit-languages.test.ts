import { describe, expect, it } from "vitest";
import { PRINT_DESIGNS } from "../../../../shared/schemas/organizations.js";
import { printedLink } from "../../../platform/pdf/brand.js";
import { pdfText } from "../../../test/documents.js";
import { givePseudoLanguage, plainWords } from "../../../test/pseudo-language.js";
import { DESIGNS, printPalette, type PrintJob } from "./index.js";
import { printedOn } from "./poster-parts.js";

/*
 * The print kit in a language given only as messages (the pseudo-locale:
 * English accented and longer): the languages a sign prints in are the
 * job's, so a third language is its message files, and every word of every
 * design is a message or a fact the job gave (issue 45 §6).
 */
describe("the print kit in a language given only as messages", () => {
  for (const design of PRINT_DESIGNS) {
    it(`draws the ${design} with its words only`, async () => {
      const language = givePseudoLanguage();
      const portable = design === "cards" || design === "stickers";
      const job: PrintJob = {
        paper: "letter",
        organizationName: "Café Bienveillance",
        name: "Salle Zoë",
        type: portable ? "portable" : "virtual",
        radiusMeters: 100,
        codes: portable
          ? [1, 2].map((card) => ({ link: `https://kindly.example/c/Ab3dE6gH9k-${card}`, card }))
          : [{ link: "https://kindly.example/c/Ab3dE6gH9k", card: null }],
        logo: null,
        palette: await printPalette(null),
        actsHere: design === "poster-count" ? 1234 : null,
        printedAt: new Date("2026-11-27T15:00:00Z"),
        languages: [language],
      };
      const text = (await pdfText(await DESIGNS[design](job))).join("\n");
      expect(text).toMatch(/·\]/);
      const given = [
        job.organizationName,
        job.name,
        ...job.codes.map((code) => printedLink(code.link)),
        printedOn(language, job.printedAt),
      ];
      expect(plainWords(text, given)).toEqual([]);
    });
  }
});

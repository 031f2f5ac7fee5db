import { describe, expect, it } from "vitest";
import { formatDay } from "../../../platform/format/quebec-dates.js";
import { buildOrganization } from "../../../test/factories.js";
import { pdfText } from "../../../test/documents.js";
import { givePseudoLanguage, plainWords } from "../../../test/pseudo-language.js";
import { useTestServer } from "../../../test/test-server.js";
import { seedDemoWorkplace } from "../index.js";
import { reportFacts } from "./report-data.js";
import { reportPdf } from "./report-pdf.js";

/** Every text a value holds, at any depth (the records a document was given); codes (a status, a category) are not text to print. */
function textsIn(value: unknown): string[] {
  if (typeof value === "string") return /^[a-z_]+$/.test(value) ? [] : [value];
  if (Array.isArray(value)) return value.flatMap(textsIn);
  if (value && typeof value === "object" && !(value instanceof Date)) return Object.values(value).flatMap(textsIn);
  return [];
}

/** Every day a value holds (ISO days and dates), as the language's locale writes it (Intl's, not a message). */
function daysIn(value: unknown, language: Parameters<typeof formatDay>[0]): string[] {
  if (value instanceof Date) return [formatDay(language, value)];
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value))
    return [formatDay(language, new Date(`${value.slice(0, 10)}T12:00:00Z`))];
  if (Array.isArray(value)) return value.flatMap((item) => daysIn(item, language));
  if (value && typeof value === "object") return Object.values(value).flatMap((item) => daysIn(item, language));
  return [];
}

/*
 * The compliance report and the CNESST package in a language given only as
 * messages (the pseudo-locale), drawn from a workplace with records in every
 * section (the demo employer's survey, actions, committee, meetings, policy):
 * every word is a message or a record it was given (issue 45 §6).
 */
describe("the compliance documents in a language given only as messages", () => {
  const suite = useTestServer("postgres");

  it("print every section with their words and the records only", async () => {
    const { db, storage } = suite.server.deps;
    const { org } = await buildOrganization(db, { name: "Café Bienveillance" });
    const now = new Date();
    await seedDemoWorkplace(db, storage, { id: org.id, name: org.name }, now);
    const facts = await reportFacts(db, org.id, { from: "2026-01-01", to: now.toISOString().slice(0, 10) }, now);
    expect(facts.surveys.length).toBeGreaterThan(0);
    const language = givePseudoLanguage();
    for (const kind of ["compliance", "cnesst"] as const) {
      const text = (await pdfText(await reportPdf(kind, facts, language))).join("\n");
      expect(text).toMatch(/·\]/);
      // A long record may break across a page (its footer between its halves): its words are the record's too.
      const recordWords = new Set(textsIn(facts).flatMap((value) => value.split(/\s+/)));
      expect(plainWords(text, [...textsIn(facts), ...daysIn(facts, language)]).filter((word) => !recordWords.has(word))).toEqual([]);
    }
  });
});

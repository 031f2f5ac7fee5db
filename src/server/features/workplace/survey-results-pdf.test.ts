import { describe, expect, it } from "vitest";
import { SCALE_POINTS, SURVEY_QUESTIONS, tallyOf } from "../../../shared/workplace/climate-survey.js";
import { formatDay } from "../../platform/format/quebec-dates.js";
import { pdfText } from "../../test/documents.js";
import { givePseudoLanguage, plainWords } from "../../test/pseudo-language.js";
import { resultsFromTallies } from "./climate-survey-service.js";
import { surveyResultsPdf } from "./survey-results-pdf.js";

/*
 * The survey's results as a document, in a language given only as messages
 * (the pseudo-locale), with a category under the red-flag line: every word
 * is a message or a fact it was given (issue 45 §6).
 */
describe("the survey results document in a language given only as messages", () => {
  it("prints the figures, the bands and the red flags with their words only", async () => {
    const language = givePseudoLanguage();
    // 25 people: most answer 4 of 5, a fifth answer 1, so one band of each kind can show.
    const answers = Array.from({ length: 25 }, (_, person) => SURVEY_QUESTIONS.map((_, q) => (person % 5 === 0 ? 1 : q % 3 === 0 ? 2 : 4)));
    const counts = Array.from({ length: SURVEY_QUESTIONS.length * SCALE_POINTS }, () => 0);
    for (const response of answers) tallyOf(response).forEach((n, i) => (counts[i]! += n));
    const results = resultsFromTallies({ responses: answers.length, counts }, 40);
    const context = {
      employer: "Café Bienveillance",
      periodStart: "2026-11-01",
      periodEnd: "2026-11-30",
      generatedAt: new Date("2026-11-27T15:00:00Z"),
    };
    const text = (await pdfText(await surveyResultsPdf(results, context, language))).join("\n");
    expect(text).toMatch(/·\]/);
    const days = [context.periodStart, context.periodEnd].map((day) => formatDay(language, new Date(`${day}T12:00:00Z`)));
    expect(plainWords(text, [context.employer, ...days, formatDay(language, context.generatedAt)])).toEqual([]);
  });
});

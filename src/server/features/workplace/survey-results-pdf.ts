import { PDFDocument, PageSizes, rgb } from "pdf-lib";
import { localeOf, type Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { SurveyResults } from "../../../shared/schemas/workplace.js";
import { scoreBand, SURVEY_CATEGORIES } from "../../../shared/workplace/climate-survey.js";
import { GREY, INK, paragraph, ROSE } from "../../platform/pdf/pdf-drawing.js";
import { PdfText } from "../../platform/pdf/pdf-fonts.js";
import { formatDay } from "../../platform/format/quebec-dates.js";
import { numberFormat } from "../../../shared/i18n/format.js";

const BAND_COLOURS = { good: rgb(0.13, 0.6, 0.33), watch: rgb(0.85, 0.62, 0.05), risk: rgb(0.82, 0.18, 0.18) };
const t = (language: Language, key: string, vars?: Record<string, string | number>) => translate(language, `workplace.${key}`, vars);
/** A survey day ('YYYY-MM-DD') as every other workplace document writes it ("November 15, 2026"). */
const day = (language: Language, value: string) => formatDay(language, new Date(`${value.slice(0, 10)}T12:00:00Z`));
const decimal = (language: Language, value: number) =>
  numberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);

/** The results view as a document: the same figures, aggregated only, for the employer's records. */
export async function surveyResultsPdf(
  results: SurveyResults,
  context: { employer: string; periodStart: string; periodEnd: string; generatedAt: Date },
  language: Language,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t(language, "resultsPdf.title")} — ${context.employer}`);
  pdf.setLanguage(localeOf(language));
  const text = PdfText.for(pdf);
  const page = pdf.addPage(PageSizes.Letter);
  const { width, height } = page.getSize();
  const left = 56;
  const column = width - 2 * left;

  let y = height - 64;
  await text.draw(page, "Kindly", { x: left, y, size: 14, weight: "bold", color: ROSE });
  y -= 32;
  y = await paragraph(page, text, "bold", t(language, "resultsPdf.title"), left, y, column, 22);
  y = await paragraph(page, text, "regular", context.employer, left, y - 4, column, 13, GREY);
  y = await paragraph(
    page,
    text,
    "regular",
    t(language, "resultsPdf.period", {
      start: day(language, context.periodStart),
      end: day(language, context.periodEnd),
      generated: formatDay(language, context.generatedAt),
    }),
    left,
    y,
    column,
    10.5,
    GREY,
  );
  y -= 14;
  for (const line of [
    t(language, "results.responses", { count: results.responses }),
    t(language, "results.participation", {
      percent: results.participationPercent,
      employees: t(language, "employeeCount", { count: results.employeesWithAccess }),
    }),
    t(language, "results.overall", { score: decimal(language, results.overall) }),
  ]) {
    y = (await paragraph(page, text, "bold", line, left, y, column, 12.5)) - 4;
  }
  y -= 12;
  y = (await paragraph(page, text, "bold", t(language, "results.byCategory"), left, y, column, 14, ROSE)) - 6;
  const barLeft = left + 230;
  const barWidth = column - 230 - 40;
  for (const category of SURVEY_CATEGORIES) {
    const score = results.categoryAverages[category] ?? 0;
    await text.draw(page, t(language, `survey.categories.${category}`), { x: left, y, size: 11, color: INK });
    page.drawRectangle({ x: barLeft, y: y - 2, width: barWidth, height: 11, color: rgb(0.93, 0.92, 0.93) });
    page.drawRectangle({ x: barLeft, y: y - 2, width: (barWidth * score) / 5, height: 11, color: BAND_COLOURS[scoreBand(score)] });
    await text.draw(page, decimal(language, score), { x: barLeft + barWidth + 8, y, size: 11, weight: "bold", color: INK });
    y -= 24;
  }
  y -= 10;
  y = (await paragraph(page, text, "bold", t(language, "results.redFlags"), left, y, column, 14, ROSE)) - 4;
  if (results.redFlags.length === 0) y = await paragraph(page, text, "regular", t(language, "results.noRedFlags"), left, y, column, 11);
  for (const flag of results.redFlags) {
    const line = t(language, `results.flag.${flag.severity}`, {
      category: t(language, `survey.categories.${flag.category}`),
      score: decimal(language, flag.score),
    });
    y = (await paragraph(page, text, "regular", `• ${line}`, left, y, column, 11)) - 2;
  }
  y -= 16;
  await paragraph(page, text, "regular", t(language, "resultsPdf.anonymity"), left, y, column, 9.5, GREY);
  return pdf.save();
}

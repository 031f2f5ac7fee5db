import { PDFDocument, PageSizes, rgb, StandardFonts } from "pdf-lib";
import { localeOf, type Language } from "../../../shared/i18n/languages.js";
import { translate } from "../../../shared/i18n/translate.js";
import type { SurveyResults } from "../../../shared/schemas/workplace.js";
import { scoreBand, SURVEY_CATEGORIES } from "../../../shared/workplace/climate-survey.js";
import { GREY, INK, paragraph, printable, ROSE } from "../../platform/pdf/pdf-drawing.js";
import { formatDay } from "../../platform/format/quebec-dates.js";

const BAND_COLOURS = { good: rgb(0.13, 0.6, 0.33), watch: rgb(0.85, 0.62, 0.05), risk: rgb(0.82, 0.18, 0.18) };
const t = (language: Language, key: string, vars?: Record<string, string | number>) => translate(language, `workplace.${key}`, vars);
const decimal = (language: Language, value: number) =>
  value.toLocaleString(localeOf(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The results view as a document: the same figures, aggregated only, for the employer's records. */
export async function surveyResultsPdf(
  results: SurveyResults,
  context: { employer: string; periodStart: string; periodEnd: string; generatedAt: Date },
  language: Language,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t(language, "resultsPdf.title")} — ${context.employer}`);
  pdf.setLanguage(localeOf(language));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage(PageSizes.Letter);
  const { width, height } = page.getSize();
  const left = 56;
  const column = width - 2 * left;

  let y = height - 64;
  page.drawText("Kindly", { x: left, y, size: 14, font: bold, color: ROSE });
  y -= 32;
  y = paragraph(page, bold, t(language, "resultsPdf.title"), left, y, column, 22);
  y = paragraph(page, regular, context.employer, left, y - 4, column, 13, GREY);
  y = paragraph(
    page,
    regular,
    t(language, "resultsPdf.period", {
      start: context.periodStart,
      end: context.periodEnd,
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
    t(language, "results.participation", { percent: results.participationPercent, employees: results.employeesWithAccess }),
    t(language, "results.overall", { score: decimal(language, results.overall) }),
  ]) {
    y = paragraph(page, bold, line, left, y, column, 12.5) - 4;
  }
  y -= 12;
  y = paragraph(page, bold, t(language, "results.byCategory"), left, y, column, 14, ROSE) - 6;
  const barLeft = left + 230;
  const barWidth = column - 230 - 40;
  for (const category of SURVEY_CATEGORIES) {
    const score = results.categoryAverages[category] ?? 0;
    page.drawText(printable(regular, t(language, `survey.categories.${category}`)), { x: left, y, size: 11, font: regular, color: INK });
    page.drawRectangle({ x: barLeft, y: y - 2, width: barWidth, height: 11, color: rgb(0.93, 0.92, 0.93) });
    page.drawRectangle({ x: barLeft, y: y - 2, width: (barWidth * score) / 5, height: 11, color: BAND_COLOURS[scoreBand(score)] });
    page.drawText(decimal(language, score), { x: barLeft + barWidth + 8, y, size: 11, font: bold, color: INK });
    y -= 24;
  }
  y -= 10;
  y = paragraph(page, bold, t(language, "results.redFlags"), left, y, column, 14, ROSE) - 4;
  if (results.redFlags.length === 0) y = paragraph(page, regular, t(language, "results.noRedFlags"), left, y, column, 11);
  for (const flag of results.redFlags) {
    const line = t(language, `results.flag.${flag.severity}`, {
      category: t(language, `survey.categories.${flag.category}`),
      score: decimal(language, flag.score),
    });
    y = paragraph(page, regular, `• ${line}`, left, y, column, 11) - 2;
  }
  y -= 16;
  paragraph(page, regular, t(language, "resultsPdf.anonymity"), left, y, column, 9.5, GREY);
  return pdf.save();
}

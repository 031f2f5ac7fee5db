import { PDFDocument, type PDFPage } from "pdf-lib";
import { DAILY_SCAN_LIMIT } from "../../../../shared/acts/daily-limit.js";
import { localeOf } from "../../../../shared/i18n/languages.js";
import type { Language } from "../../../../shared/constants.js";
import { translate } from "../../../../shared/i18n/translate.js";
import { paragraph } from "../../../platform/pdf/pdf-drawing.js";
import { PdfText } from "../../../platform/pdf/pdf-fonts.js";
import { BRAND } from "../../../platform/pdf/brand.js";

/** A text of the print kit in one language (messages under `posters.`). */
export const t = (language: Language, key: string, vars?: Record<string, string | number>) => translate(language, `posters.${key}`, vars);

/** The same words in each printed language, the first leading: "Scannez-moi · Scan me". */
export const inEach = (languages: readonly Language[], key: string, vars?: Record<string, string | number>) =>
  languages.map((language) => t(language, key, vars)).join(" · ");

/** A new document with Kindly's metadata and its text module. */
export async function printDocument(title: string, languages: readonly Language[]): Promise<{ pdf: PDFDocument; text: PdfText }> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  // The document's language is its first printed language (French in Québec).
  pdf.setLanguage(localeOf(languages[0]!));
  pdf.setProducer("Kindly");
  pdf.setCreator("Kindly");
  return { pdf, text: PdfText.for(pdf) };
}

/**
 * The how-to and the rules in one language, in a column whose first line's
 * top is at y; returns the y below it.
 */
export async function howTo(
  page: PDFPage,
  text: PdfText,
  language: Language,
  rule: string,
  box: { x: number; y: number; width: number },
): Promise<number> {
  const { x, width } = box;
  let cursor = (await paragraph(page, text, "bold", t(language, "howToTitle"), x, box.y - 13, width, 13, BRAND.rose)) - 2;
  for (const step of ["step1", "step2", "step3"]) {
    cursor = (await paragraph(page, text, "regular", t(language, step), x, cursor, width, 10.5, BRAND.ink)) - 3;
  }
  cursor = await paragraph(page, text, "bold", t(language, "rulesTitle"), x, cursor - 4, width, 11, BRAND.ink);
  cursor = (await paragraph(page, text, "regular", rule, x, cursor, width, 10, BRAND.grey)) - 2;
  return paragraph(page, text, "regular", t(language, "dailyLimit", { limit: DAILY_SCAN_LIMIT }), x, cursor, width, 10, BRAND.grey);
}

import { PDFDocument } from "pdf-lib";
import { localeOf } from "../../../../shared/i18n/languages.js";
import type { Language } from "../../../../shared/constants.js";
import { translate } from "../../../../shared/i18n/translate.js";
import { PdfText } from "../../../platform/pdf/pdf-fonts.js";

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

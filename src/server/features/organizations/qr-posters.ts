import { PDFDocument, PageSizes, type PDFImage, type PDFPage } from "pdf-lib";
import { PRINTED_LANGUAGES } from "../../../shared/i18n/languages.js";
import { GREY, paragraph, ROSE } from "../../platform/pdf/pdf-drawing.js";
import { PdfText } from "../../platform/pdf/pdf-fonts.js";
import { DAILY_SCAN_LIMIT } from "../../../shared/acts/daily-limit.js";
import type { Language } from "../../../shared/constants.js";
import { translate } from "../../../shared/i18n/translate.js";
import { qrPng, scanLink, type PrintedCode } from "./qr-codes.js";

export const PAPER_SIZES = { letter: PageSizes.Letter, a4: PageSizes.A4 } as const;
export type Paper = keyof typeof PAPER_SIZES;

const t = (language: Language, key: string, vars?: Record<string, string | number>) => translate(language, `posters.${key}`, vars);

async function embedQr(pdf: PDFDocument, link: string): Promise<PDFImage> {
  return pdf.embedPng(await qrPng(link, 600));
}

/** The how-to and the rules, in one language, in a column. */
async function howTo(page: PDFPage, text: PdfText, language: Language, rule: string, x: number, y: number, width: number) {
  let cursor = await paragraph(page, text, "bold", t(language, "howToTitle"), x, y, width, 13, ROSE);
  cursor -= 2;
  for (const step of ["step1", "step2", "step3"])
    cursor = (await paragraph(page, text, "regular", t(language, step), x, cursor, width, 10.5)) - 3;
  cursor -= 4;
  cursor = await paragraph(page, text, "bold", t(language, "rulesTitle"), x, cursor, width, 11);
  cursor = (await paragraph(page, text, "regular", rule, x, cursor, width, 10.5)) - 3;
  return paragraph(page, text, "regular", t(language, "dailyLimit", { limit: DAILY_SCAN_LIMIT }), x, cursor, width, 10.5);
}

/** A poster for a location: the code, its place, and the how-to in French and English. */
export async function locationPoster(
  appUrl: string,
  code: PrintedCode & { organizationName: string; radiusMeters: number },
  paper: Paper,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Kindly — ${code.name}`);
  pdf.setLanguage("fr-CA");
  const text = PdfText.for(pdf);
  const page = pdf.addPage(PAPER_SIZES[paper]);
  const { width, height } = page.getSize();
  const margin = 48;
  const link = scanLink(appUrl, code);

  let y = height - margin - 20;
  y = await paragraph(page, text, "bold", code.organizationName, margin, y, width - 2 * margin, 24);
  y = await paragraph(page, text, "regular", code.name, margin, y - 2, width - 2 * margin, 16, GREY);
  await paragraph(
    page,
    text,
    "bold",
    PRINTED_LANGUAGES.map((language) => t(language, "scanMe")).join(" · "),
    margin,
    y - 8,
    width - 2 * margin,
    14,
    ROSE,
  );

  const qrSize = 300;
  const qrTop = y - 30;
  page.drawImage(await embedQr(pdf, link), { x: (width - qrSize) / 2, y: qrTop - qrSize, width: qrSize, height: qrSize });
  const linkSize = 7;
  await text.prepare("regular", link);
  await text.draw(page, link, {
    x: Math.max(margin, (width - text.width(link, "regular", linkSize)) / 2),
    y: qrTop - qrSize - 12,
    size: linkSize,
    color: GREY,
  });

  const columnTop = qrTop - qrSize - 40;
  const columnWidth = (width - 2 * margin - 24) / 2;
  for (const [i, language] of PRINTED_LANGUAGES.entries()) {
    await howTo(
      page,
      text,
      language,
      t(language, "virtualRule", { radius: code.radiusMeters }),
      margin + i * (columnWidth + 24),
      columnTop,
      columnWidth,
    );
  }
  return pdf.save();
}

/** Business-card size (3.5 × 2 in), ten to a page, with cut lines. */
const CARD = { width: 252, height: 144 };

/**
 * A sheet of cut-out cards for a card series. Every card of a physical series
 * is the same; each card of a portable series carries its own number, in its
 * link and printed, so its journey can be followed.
 */
export async function cardSheet(
  appUrl: string,
  series: Omit<PrintedCode, "card"> & { organizationName: string; cards: number[] },
  paper: Paper,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Kindly — ${series.name}`);
  pdf.setLanguage("fr-CA");
  const text = PdfText.for(pdf);
  const [pageWidth, pageHeight] = PAPER_SIZES[paper];
  const columns = 2;
  const rows = Math.floor((pageHeight - 72) / CARD.height);
  const left = (pageWidth - columns * CARD.width) / 2;
  const top = pageHeight - (pageHeight - rows * CARD.height) / 2;
  const shared = series.type === "physical" ? await embedQr(pdf, scanLink(appUrl, series)) : null;
  const rule = (language: Language) => t(language, "cardRule");

  let page: PDFPage | null = null;
  for (const [index, card] of series.cards.entries()) {
    const slot = index % (columns * rows);
    if (slot === 0) page = pdf.addPage([pageWidth, pageHeight]);
    const x = left + (slot % columns) * CARD.width;
    const y = top - (Math.floor(slot / columns) + 1) * CARD.height;
    page!.drawRectangle({ x, y, width: CARD.width, height: CARD.height, borderColor: GREY, borderWidth: 0.5, borderDashArray: [3, 3] });
    const image = shared ?? (await embedQr(pdf, scanLink(appUrl, { ...series, card })));
    page!.drawImage(image, { x: x + 8, y: y + 17, width: 110, height: 110 });
    const textX = x + 124;
    const textWidth = CARD.width - 132;
    let cursor = await paragraph(page!, text, "bold", series.organizationName, textX, y + CARD.height - 20, textWidth, 10);
    cursor = await paragraph(page!, text, "regular", series.name, textX, cursor, textWidth, 8, GREY);
    if (series.type === "portable")
      cursor = await paragraph(
        page!,
        text,
        "bold",
        PRINTED_LANGUAGES.map((language) => t(language, "cardNumber", { number: card })).join(" · "),
        textX,
        cursor,
        textWidth,
        8,
        ROSE,
      );
    for (const language of PRINTED_LANGUAGES)
      cursor = await paragraph(page!, text, "regular", `${t(language, "cardHowTo")} ${rule(language)}`, textX, cursor - 2, textWidth, 6.5);
  }
  return pdf.save();
}

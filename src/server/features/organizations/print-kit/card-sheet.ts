import type { PDFImage, PDFPage } from "pdf-lib";
import { PRINTED_LANGUAGES } from "../../../../shared/i18n/languages.js";
import { paragraph } from "../../../platform/pdf/pdf-drawing.js";
import type { PdfText } from "../../../platform/pdf/pdf-fonts.js";
import { drawQr } from "../../../platform/pdf/pdf-qr.js";
import { BRAND, drawLogo, drawLogoImage, embedLogo } from "../../../platform/pdf/brand.js";
import { bilingual, printDocument, t } from "./print-text.js";
import { PAPER_SIZES, type Box, type Paper, type PrintedCodeLink, type PrintJob } from "./print-job.js";

/** Business-card size (3.5 × 2 in), ten to a page. */
export const CARD = { width: 252, height: 144 };
/** The QR's side on a card, quiet zone included: 3.8 cm. */
export const CARD_QR = 108;
const COLUMNS = 2;
const ROWS = 5;

/**
 * A sheet of business-size cards to cut out, with dashed cut lines. Every card
 * of a physical series is the same (one page, to print as often as needed);
 * each card of a portable series carries its own number, in its link and
 * printed, so its journey can be followed.
 */
export async function cardSheet(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text } = await printDocument(`Kindly — ${job.name}`);
  const slots = cardSlots(job.paper);
  const codes = job.type === "portable" ? job.codes : slots.map(() => job.codes[0]!);
  const logo = await embedLogo(pdf, job.logo);
  let page: PDFPage | null = null;
  for (const [index, code] of codes.entries()) {
    const slot = index % slots.length;
    if (slot === 0) page = pdf.addPage(PAPER_SIZES[job.paper]);
    await card(page!, text, job, logo, code, slots[slot]!);
  }
  return pdf.save();
}

/** Where each card of a page goes: two columns of five, centred, row by row from the top. */
export function cardSlots(paper: Paper): Box[] {
  const [width, height] = PAPER_SIZES[paper];
  const left = (width - COLUMNS * CARD.width) / 2;
  const top = height - (height - ROWS * CARD.height) / 2;
  return Array.from({ length: COLUMNS * ROWS }, (_, slot) => ({
    x: left + (slot % COLUMNS) * CARD.width,
    y: top - (Math.floor(slot / COLUMNS) + 1) * CARD.height,
    ...CARD,
  }));
}

async function card(
  page: PDFPage,
  text: PdfText,
  job: PrintJob,
  logo: PDFImage | null,
  code: PrintedCodeLink,
  at: { x: number; y: number },
): Promise<void> {
  const { x, y } = at;
  page.drawRectangle({ x, y, width: CARD.width, height: CARD.height, borderColor: BRAND.grey, borderWidth: 0.4, borderDashArray: [3, 3] });
  page.drawRectangle({ x, y, width: CARD.width, height: 6, color: BRAND.rose });
  drawQr(page, code.link, { x: x + 8, y: y + 6 + (CARD.height - 6 - CARD_QR) / 2, size: CARD_QR });

  const textX = x + CARD_QR + 14;
  const textWidth = CARD.width - CARD_QR - 22;
  await drawLogo(page, text, { x: textX, top: y + CARD.height - 10, size: 14 });
  // The organisation's logo in the card's top corner, beside Kindly's.
  if (logo) drawLogoImage(page, logo, x + CARD.width - 30, y + CARD.height - 8, { width: 44, height: 20 });
  let cursor = await paragraph(page, text, "bold", job.organizationName, textX, y + CARD.height - 38, textWidth, 10, BRAND.ink);
  cursor = await paragraph(page, text, "regular", job.name, textX, cursor, textWidth, 8, BRAND.grey);
  if (code.card !== null) {
    cursor = await paragraph(page, text, "bold", bilingual("cardNumber", { number: code.card }), textX, cursor, textWidth, 8, BRAND.rose);
  }
  for (const language of PRINTED_LANGUAGES) {
    const words = `${t(language, "cardHowTo")} ${t(language, "cardRule")}`;
    cursor = await paragraph(page, text, "regular", words, textX, cursor - 2, textWidth, 6.5, BRAND.ink);
  }
}

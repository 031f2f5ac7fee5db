import type { PDFImage, PDFPage } from "pdf-lib";
import { centred, fittedSize, paragraph } from "../../../platform/pdf/pdf-drawing.js";
import type { PdfText } from "../../../platform/pdf/pdf-fonts.js";
import { drawQr } from "../../../platform/pdf/pdf-qr.js";
import { BRAND, drawLogo, drawLogoImage, embedLogo } from "../../../platform/pdf/brand.js";
import { inEach, printDocument, t } from "./print-text.js";
import { PAPER_SIZES, type Box, type Paper, type PrintedCodeLink, type PrintJob } from "./print-job.js";
import { PRINT_SHEETS } from "../../../../shared/constants.js";

/** Business-card size (3.5 × 2 in), ten to a page. */
export const CARD = { width: 252, height: 144 };
/** The QR's side on a card, quiet zone included: 3.8 cm. */
export const CARD_QR = 108;
const { columns: COLUMNS, rows: ROWS } = PRINT_SHEETS.cards;

/**
 * A sheet of business-size cards to cut out, with dashed cut lines. Every card
 * of a physical series is the same (one page, to print as often as needed);
 * each card of a portable series carries its own number, in its link and
 * printed, so its journey can be followed. Each card says "Pass it on" across
 * its top (issue 43): what a card is for.
 */
export async function cardSheet(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text } = await printDocument(`Kindly — ${job.name}`, job.languages);
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

/** The band across each card's top: "Passez-la au suivant · Pass it on", what a travelling card is for. */
const BAND = 22;

async function card(
  page: PDFPage,
  text: PdfText,
  job: PrintJob,
  logo: PDFImage | null,
  code: PrintedCodeLink,
  at: { x: number; y: number },
): Promise<void> {
  const { x, y } = at;
  const { accent } = job.palette;
  page.drawRectangle({ x, y, width: CARD.width, height: CARD.height, borderColor: BRAND.grey, borderWidth: 0.4, borderDashArray: [3, 3] });
  page.drawRectangle({ x, y: y + CARD.height - BAND, width: CARD.width, height: BAND, color: accent });
  await centred(page, text, "bold", inEach(job.languages, "passItOn"), x + CARD.width / 2, y + CARD.height - BAND + 7, 10, BRAND.white);
  drawQr(page, code.link, { x: x + 8, y: y + (CARD.height - BAND - CARD_QR) / 2, size: CARD_QR });

  const textX = x + CARD_QR + 14;
  const textWidth = CARD.width - CARD_QR - 22;
  const top = y + CARD.height - BAND - 6;
  await drawLogo(page, text, { x: textX, top, size: 12 });
  // The organisation's logo beside Kindly's.
  if (logo) drawLogoImage(page, logo, x + CARD.width - 30, top, { width: 44, height: 14 });
  // However long the names, they shrink to their share of the card (a 160-character name included).
  const nameSize = await fittedSize(text, "bold", job.organizationName, { width: textWidth, height: 22 }, { max: 9.5, min: 4.5 }, 1.3);
  let cursor = await paragraph(page, text, "bold", job.organizationName, textX, top - 18 - nameSize * 0.8, textWidth, nameSize, BRAND.ink);
  const seriesSize = await fittedSize(text, "regular", job.name, { width: textWidth, height: 14 }, { max: 7.5, min: 4.5 }, 1.3);
  cursor = await paragraph(
    page,
    text,
    "regular",
    job.name,
    textX,
    cursor + nameSize * 1.3 - nameSize * 0.3 - seriesSize,
    textWidth,
    seriesSize,
    BRAND.grey,
  );
  if (code.card !== null) {
    cursor = await paragraph(
      page,
      text,
      "bold",
      inEach(job.languages, "cardNumber", { number: code.card }),
      textX,
      cursor - 2,
      textWidth,
      7,
      accent,
    );
  }
  for (const language of job.languages) {
    cursor = await paragraph(page, text, "regular", t(language, "passItOnHow"), textX, cursor - 1, textWidth, 6, BRAND.ink);
  }
}

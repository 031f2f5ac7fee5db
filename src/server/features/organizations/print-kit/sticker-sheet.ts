import type { PDFPage } from "pdf-lib";
import { centred } from "../../../platform/pdf/pdf-drawing.js";
import type { PdfText } from "../../../platform/pdf/pdf-fonts.js";
import { drawQr } from "../../../platform/pdf/pdf-qr.js";
import { BRAND, drawMark } from "../../../platform/pdf/brand.js";
import { inEach, printDocument } from "./print-text.js";
import { PAPER_SIZES, type Box, type Paper, type PrintedCodeLink, type PrintJob } from "./print-job.js";
import { PRINT_SHEETS } from "../../../../shared/constants.js";

/** Round stickers 2 in (5.1 cm) across, twelve to a page. */
export const STICKER_RADIUS = 72;
/** The QR's side on a sticker, quiet zone included: 3 cm, inside the sticker's white disc. */
export const STICKER_QR = 84;
const { columns: COLUMNS, rows: ROWS } = PRINT_SHEETS.stickers;
const GAP = 18;

/**
 * A sheet of round stickers for a window, a till or a bench: Kindly's rose
 * ring with its name, the code in the middle, "scan me" under it, and for a
 * portable series each card's number. A dashed circle marks the cut.
 */
export async function stickerSheet(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text } = await printDocument(`Kindly — ${job.name}`, job.languages);
  const slots = stickerSlots(job.paper);
  const codes = job.type === "portable" ? job.codes : slots.map(() => job.codes[0]!);
  let page: PDFPage | null = null;
  for (const [index, code] of codes.entries()) {
    const slot = slots[index % slots.length]!;
    if (index % slots.length === 0) page = pdf.addPage(PAPER_SIZES[job.paper]);
    await sticker(page!, text, job, code, { x: slot.x + slot.width / 2, y: slot.y + slot.height / 2 });
  }
  return pdf.save();
}

/** The square each sticker of a page fills: three columns of four, centred, row by row from the top. */
export function stickerSlots(paper: Paper): Box[] {
  const [width, height] = PAPER_SIZES[paper];
  const diameter = 2 * STICKER_RADIUS;
  const left = (width - (COLUMNS * diameter + (COLUMNS - 1) * GAP)) / 2;
  const top = height - (height - (ROWS * diameter + (ROWS - 1) * GAP)) / 2;
  return Array.from({ length: COLUMNS * ROWS }, (_, slot) => ({
    x: left + (slot % COLUMNS) * (diameter + GAP),
    y: top - diameter - Math.floor(slot / COLUMNS) * (diameter + GAP),
    width: diameter,
    height: diameter,
  }));
}

async function sticker(
  page: PDFPage,
  text: PdfText,
  job: PrintJob,
  code: PrintedCodeLink,
  centre: { x: number; y: number },
): Promise<void> {
  const { x, y } = centre;
  page.drawCircle({ x, y, size: STICKER_RADIUS + 1.5, borderColor: BRAND.grey, borderWidth: 0.4, borderDashArray: [3, 3] });
  page.drawCircle({ x, y, size: STICKER_RADIUS, color: BRAND.rose });
  page.drawCircle({ x, y, size: STICKER_RADIUS - 8, color: BRAND.white });
  // The ring's top carries the name; the disc holds the mark, the code and "scan me".
  await centred(page, text, "bold", "Kindly", x, y + STICKER_RADIUS - 6.5, 6.5, BRAND.white);
  drawMark(page, x - 7, y + 60, 14);
  drawQr(page, code.link, { x: x - STICKER_QR / 2, y: y - STICKER_QR / 2 - 2, size: STICKER_QR });
  await centred(page, text, "bold", inEach(job.languages, "scanMe"), x, y - 52, 5.5, BRAND.rose);
  if (code.card !== null)
    await centred(page, text, "regular", inEach(job.languages, "stickerNumber", { number: code.card }), x, y - 59.5, 5, BRAND.ink);
}

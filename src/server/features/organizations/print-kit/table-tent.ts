import { concatTransformationMatrix, popGraphicsState, pushGraphicsState, type PDFImage, type PDFPage } from "pdf-lib";
import { centredParagraph } from "../../../platform/pdf/pdf-drawing.js";
import type { PdfText } from "../../../platform/pdf/pdf-fonts.js";
import { BRAND, drawLogo, embedLogo } from "../../../platform/pdf/brand.js";
import { codeCard, headline, logoChip, names } from "./poster-parts.js";
import { inEach, printDocument, t } from "./print-text.js";
import { PAPER_SIZES, type Box, type Paper, type PrintJob } from "./print-job.js";

/** The QR's side on each face of the tent, quiet zone included: 6.3 cm. */
export const TENT_QR = 180;

/**
 * A table tent: a landscape sheet folded in half across its middle, which
 * stands on a table showing the same face to both sides. The upper face is
 * printed upside down, so that both read upright once folded.
 */
export async function tableTent(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text } = await printDocument(`Kindly — ${job.name}`, job.languages);
  const [short, long] = PAPER_SIZES[job.paper];
  const page = pdf.addPage([long, short]);
  const half = short / 2;

  const logo = await embedLogo(pdf, job.logo);
  await face(page, text, job, logo, { width: long, height: half });
  // The same face, turned half a turn about the page's centre: (x, y) → (width − x, height − y).
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(-1, 0, 0, -1, long, short));
  await face(page, text, job, logo, { width: long, height: half });
  page.pushOperators(popGraphicsState());

  page.drawLine({ start: { x: 0, y: half }, end: { x: long, y: half }, thickness: 0.6, color: BRAND.grey, dashArray: [5, 4] });
  await text.draw(page, inEach(job.languages, "foldHere"), { x: 12, y: half + 4, size: 7, color: BRAND.grey });
  return pdf.save();
}

/** The tent's two faces on its landscape page: the lower one upright, the upper one upside down. */
export function tentFaces(paper: Paper): Box[] {
  const [short, long] = PAPER_SIZES[paper];
  return [
    { x: 0, y: 0, width: long, height: short / 2 },
    { x: 0, y: short / 2, width: long, height: short / 2 },
  ];
}

/** One face, in the lower half of the page (its foot on the table at y = 0). */
async function face(
  page: PDFPage,
  text: PdfText,
  job: PrintJob,
  logo: PDFImage | null,
  box: { width: number; height: number },
): Promise<void> {
  const { palette } = job;
  const margin = 36;
  page.drawRectangle({ x: 0, y: 0, width: box.width, height: 12, color: palette.accent });

  // The code, on the left, in the posters' card.
  const cardWidth = TENT_QR + 32;
  const cardHeight = TENT_QR + 64;
  await codeCard(
    page,
    text,
    job.languages,
    job.codes[0]!.link,
    { centerX: margin + cardWidth / 2, top: (box.height + cardHeight) / 2 + 6, qr: TENT_QR },
    palette.accent,
  );

  // The hook, who, where and how, on the right.
  const left = margin + cardWidth + 28;
  const width = box.width - left - margin;
  const middle = left + width / 2;
  await drawLogo(page, text, { x: left, top: box.height - 22, size: 24 });
  if (logo) logoChip(page, logo, { right: box.width - margin, top: box.height - 14 }, { width: 110, height: 26 });
  let top = await headline(
    page,
    text,
    job.languages,
    { centerX: middle, top: box.height - 62, width },
    { first: palette.accent, second: BRAND.ink, size: 24 },
  );
  top = await names(page, text, job, { centerX: middle, top: top - 6, width }, { name: BRAND.ink, place: BRAND.grey, size: 16 });
  let y = top - 12;
  for (const language of job.languages) {
    y = (await centredParagraph(page, text, "regular", t(language, "cardHowTo"), middle, y, width, 8.5, BRAND.grey)) - 1;
  }
}

import { concatTransformationMatrix, popGraphicsState, pushGraphicsState, type PDFImage, type PDFPage } from "pdf-lib";
import { PRINTED_LANGUAGES } from "../../../../shared/i18n/languages.js";
import { centred, centredParagraph, paragraph } from "../../../platform/pdf/pdf-drawing.js";
import type { PdfText } from "../../../platform/pdf/pdf-fonts.js";
import { drawQr } from "../../../platform/pdf/pdf-qr.js";
import { BRAND, drawLogo, drawLogoImage, embedLogo, printedLink, roundedRectangle } from "../../../platform/pdf/brand.js";
import { bilingual, printDocument, t } from "./print-text.js";
import { PAPER_SIZES, type Box, type Paper, type PrintJob } from "./print-job.js";

/** The QR's side on each face of the tent, quiet zone included: 6.3 cm. */
export const TENT_QR = 180;

/**
 * A table tent: a landscape sheet folded in half across its middle, which
 * stands on a table showing the same face to both sides. The upper face is
 * printed upside down, so that both read upright once folded.
 */
export async function tableTent(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text } = await printDocument(`Kindly — ${job.name}`);
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
  await text.draw(page, bilingual("foldHere"), { x: 12, y: half + 4, size: 7, color: BRAND.grey });
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
  const link = job.codes[0]!.link;
  const margin = 36;
  page.drawRectangle({ x: 0, y: 0, width: box.width, height: 12, color: BRAND.rose });

  // The code, on the left.
  const card = { width: TENT_QR + 24, height: TENT_QR + 44 };
  const cardX = margin;
  const cardY = (box.height - card.height) / 2 + 6;
  roundedRectangle(page, { x: cardX, y: cardY, ...card, radius: 14 }, { fill: BRAND.white, border: BRAND.rose, borderWidth: 2.5 });
  drawQr(page, link, { x: cardX + 12, y: cardY + 32, size: TENT_QR });
  await centred(page, text, "regular", printedLink(link), cardX + card.width / 2, cardY + 14, 8.5, BRAND.grey);

  // Who, where and how, on the right.
  const left = cardX + card.width + 30;
  const width = box.width - left - margin;
  const middle = left + width / 2;
  await drawLogo(page, text, { x: middle - 52, top: box.height - 28, size: 30 });
  let y = box.height - 88;
  if (logo) y -= drawLogoImage(page, logo, middle, box.height - 68, { width: 160, height: 36 }) + 4;
  y = await centredParagraph(page, text, "bold", job.organizationName, middle, y, width, 20, BRAND.ink);
  y = await centredParagraph(page, text, "regular", job.name, middle, y, width, 13, BRAND.grey);
  y = await centredParagraph(page, text, "bold", bilingual("scanMe"), middle, y - 8, width, 16, BRAND.rose);
  for (const language of PRINTED_LANGUAGES) {
    y = (await paragraph(page, text, "regular", t(language, "cardHowTo"), left, y - 4, width, 9.5, BRAND.ink)) - 2;
  }
}

import { centred, centredParagraph } from "../../../platform/pdf/pdf-drawing.js";
import { BRAND, drawLogo, embedLogo } from "../../../platform/pdf/brand.js";
import { drawIllustration, illustrationColours } from "./illustration.js";
import { codeCard, countWords, headline, logoChip, names, posterFoot, posterPage } from "./poster-parts.js";
import { PAPER_SIZES, type Box, type Paper, type PrintJob } from "./print-job.js";

/** The QR's side on the spotlight poster, quiet zone included: 7.8 cm, read from a few steps away. */
export const POSTER_QR = 220;

/** A poster's one code is on its one page. */
export function posterFrame(paper: Paper): Box[] {
  const [width, height] = PAPER_SIZES[paper];
  return [{ x: 0, y: 0, width, height }];
}

/**
 * The spotlight poster (A4 or Letter), for a wall or a door: a band in the
 * organisation's colour with Kindly's logo and its own, who and where, the
 * headline hook, Kindly's illustration above the place's count beside the
 * code, and the three steps in French and English.
 */
export async function poster(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text, page, width, height } = await posterPage(job);
  const { palette } = job;
  const margin = 44;
  const middle = width / 2;
  const inner = width - 2 * margin;

  const band = 64;
  page.drawRectangle({ x: 0, y: height - band, width, height: band, color: palette.accent });
  await drawLogo(page, text, { x: margin, top: height - 15, size: 34, colour: BRAND.white, inverted: true });
  const logo = await embedLogo(pdf, job.logo);
  if (logo) logoChip(page, logo, { right: width - margin, top: height - 8 }, { width: 150, height: 32 });

  let top = await names(
    page,
    text,
    job,
    { centerX: middle, top: height - band - 22, width: inner },
    { name: BRAND.ink, place: BRAND.grey, size: 22 },
  );
  top = await headline(
    page,
    text,
    job.languages,
    { centerX: middle, top: top - 14, width: inner },
    { first: palette.accent, second: BRAND.ink, size: 30 },
  );

  // The code on the right; the illustration and the count on the left.
  const rowTop = top - 10;
  const cardWidth = POSTER_QR + 32;
  const cardBottom = await codeCard(
    page,
    text,
    job.languages,
    job.codes[0]!.link,
    { centerX: width - margin - cardWidth / 2, top: rowTop, qr: POSTER_QR },
    palette.accent,
  );
  const left = { x: margin, width: inner - cardWidth - 20 };
  const leftMiddle = left.x + left.width / 2;
  drawIllustration(page, { x: left.x, top: rowTop, width: left.width }, illustrationColours(palette, "paper"));
  const count = countWords(job);
  let y = rowTop - (left.width * 150) / 240 - 14;
  if (count.figure) {
    await centred(page, text, "bold", count.figure, leftMiddle, y - 34, 40, palette.accent);
    y -= 48;
  }
  for (const [i, line] of count.lines.entries()) {
    y = await centredParagraph(page, text, i === 0 ? "bold" : "regular", line, leftMiddle, y - 10, left.width, 11, BRAND.ink);
  }
  await centredParagraph(page, text, "regular", count.asOf, leftMiddle, y - 4, left.width, 8, BRAND.grey);

  await posterFoot(page, text, job, { x: margin, y: cardBottom - 16, width: inner });
  return pdf.save();
}

import { centredParagraph } from "../../../platform/pdf/pdf-drawing.js";
import { BRAND, drawLogo, embedLogo } from "../../../platform/pdf/brand.js";
import { drawIllustration, illustrationColours, ILLUSTRATION } from "./illustration.js";
import { codeCard, countWords, headline, logoChip, names, posterPage } from "./poster-parts.js";
import type { PrintJob } from "./print-job.js";

/** The QR's side on the bold poster, quiet zone included: 7.1 cm. */
export const BOLD_POSTER_QR = 200;

/**
 * The bold poster, for a window: the whole page in the organisation's
 * colour, the headline hook large in white, Kindly's illustration, the code
 * on a white card, the place's count, and who and where at the foot.
 */
export async function boldPoster(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text, page, width, height } = await posterPage(job);
  const { palette } = job;
  const margin = 40;
  const middle = width / 2;
  const inner = width - 2 * margin;

  page.drawRectangle({ x: 0, y: 0, width, height, color: palette.accent });
  await drawLogo(page, text, { x: margin, top: height - 28, size: 30, colour: BRAND.white, inverted: true });
  const logo = await embedLogo(pdf, job.logo);
  if (logo) logoChip(page, logo, { right: width - margin, top: height - 22 }, { width: 140, height: 30 });

  let top = await headline(
    page,
    text,
    job.languages,
    { centerX: middle, top: height - 86, width: inner },
    { first: BRAND.white, second: palette.tint, size: 36 },
  );
  const art = 200;
  drawIllustration(page, { x: middle - art / 2, top: top - 4, width: art }, illustrationColours(palette, "accent"));
  top -= (art * ILLUSTRATION.height) / ILLUSTRATION.width + 10;
  top = await codeCard(page, text, job.languages, job.codes[0]!.link, { centerX: middle, top, qr: BOLD_POSTER_QR }, palette.accent);

  const count = countWords(job);
  // The first language's line bold and larger, each other's under it.
  let y = top - 22;
  for (const [i, line] of count.lines.entries()) {
    const words = count.figure ? `${count.figure} ${line}` : line;
    y = await centredParagraph(page, text, i === 0 ? "bold" : "regular", words, middle, y, inner, i === 0 ? 15 : 12, BRAND.white);
  }
  y = await centredParagraph(page, text, "regular", count.asOf, middle, y, inner, 8, palette.tint);
  await names(
    page,
    text,
    job,
    { centerX: middle, top: Math.min(y, 96), width: inner },
    { name: BRAND.white, place: palette.tint, size: 18 },
  );
  return pdf.save();
}

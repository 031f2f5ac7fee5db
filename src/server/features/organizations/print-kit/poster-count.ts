import { centred, centredParagraph } from "../../../platform/pdf/pdf-drawing.js";
import { BRAND, drawLogo, embedLogo } from "../../../platform/pdf/brand.js";
import { drawIllustration, illustrationColours, ILLUSTRATION } from "./illustration.js";
import { codeCard, countWords, headline, logoChip, names, posterFoot, posterPage } from "./poster-parts.js";
import type { PrintJob } from "./print-job.js";

/** The QR's side on the count poster, quiet zone included: 6.3 cm. */
export const COUNT_POSTER_QR = 180;

/**
 * The live-count poster, for a counter or a notice board: the place's acts
 * so far as a big figure on a tint of the organisation's colour (or, before
 * the first, Kindly's illustration and an invitation), then the headline
 * hook, the code, who and where, and the steps.
 */
export async function countPoster(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text, page, width, height } = await posterPage(job);
  const { palette } = job;
  const margin = 44;
  const middle = width / 2;
  const inner = width - 2 * margin;

  const hero = height * 0.42;
  page.drawRectangle({ x: 0, y: height - hero, width, height: hero, color: palette.tint });
  await drawLogo(page, text, { x: margin, top: height - 26, size: 28 });
  const logo = await embedLogo(pdf, job.logo);
  if (logo) logoChip(page, logo, { right: width - margin, top: height - 20 }, { width: 140, height: 30 });

  const count = countWords(job);
  let y: number;
  if (count.figure) {
    const art = 150;
    drawIllustration(page, { x: middle - art / 2, top: height - 62, width: art }, illustrationColours(palette, "paper"));
    y = height - 62 - (art * ILLUSTRATION.height) / ILLUSTRATION.width;
    await centred(page, text, "bold", count.figure, middle, y - 84, 96, palette.accent);
    y -= 100;
  } else {
    const art = 220;
    drawIllustration(page, { x: middle - art / 2, top: height - 60, width: art }, illustrationColours(palette, "paper"));
    y = height - 60 - (art * ILLUSTRATION.height) / ILLUSTRATION.width - 6;
  }
  // The first language's line bold and larger, each other's under it.
  y -= 14;
  for (const [i, line] of count.lines.entries()) {
    y = await centredParagraph(
      page,
      text,
      i === 0 ? "bold" : "regular",
      line,
      middle,
      y,
      inner,
      i === 0 ? 17 : 13,
      i === 0 ? palette.deep : BRAND.ink,
    );
  }
  await centredParagraph(page, text, "regular", count.asOf, middle, y, inner, 8, BRAND.grey);

  // Under the hero: the hook and who on the left, the code on the right.
  const rowTop = height - hero - 20;
  const cardWidth = COUNT_POSTER_QR + 32;
  const cardBottom = await codeCard(
    page,
    text,
    job.languages,
    job.codes[0]!.link,
    { centerX: width - margin - cardWidth / 2, top: rowTop, qr: COUNT_POSTER_QR },
    palette.accent,
  );
  const left = { centerX: margin + (inner - cardWidth - 20) / 2, width: inner - cardWidth - 20 };
  const top = await headline(
    page,
    text,
    job.languages,
    { ...left, top: rowTop - 4 },
    { first: palette.accent, second: BRAND.ink, size: 24 },
  );
  await names(page, text, job, { ...left, top: top - 14 }, { name: BRAND.ink, place: BRAND.grey, size: 16 });

  await posterFoot(page, text, job, { x: margin, y: cardBottom - 16, width: inner });
  return pdf.save();
}

import { PRINTED_LANGUAGES } from "../../../../shared/i18n/languages.js";
import { centred, centredParagraph } from "../../../platform/pdf/pdf-drawing.js";
import { drawQr } from "../../../platform/pdf/pdf-qr.js";
import { BRAND, drawLogo, drawLogoImage, embedLogo, printedLink, roundedRectangle } from "../../../platform/pdf/brand.js";
import { bilingual, howTo, printDocument, t } from "./print-text.js";
import { PAPER_SIZES, type Box, type Paper, type PrintJob } from "./print-job.js";

/** The QR's side on a poster, quiet zone included: 8.5 cm, read from a few steps away. */
export const POSTER_QR = 240;

/** The poster's one code is on its one page. */
export function posterFrame(paper: Paper): Box[] {
  const [width, height] = PAPER_SIZES[paper];
  return [{ x: 0, y: 0, width, height }];
}

/**
 * A poster for a place (A4 or Letter): Kindly's band with its logo and
 * tagline, the organisation and the place, the code large in a card with its
 * link written out, and the how-to and rules in French and English.
 */
export async function poster(job: PrintJob): Promise<Uint8Array> {
  const { pdf, text } = await printDocument(`Kindly — ${job.name}`);
  const [width, height] = PAPER_SIZES[job.paper];
  const page = pdf.addPage([width, height]);
  const margin = 44;
  const middle = width / 2;
  const link = job.codes[0]!.link;

  // The brand band.
  const band = 92;
  page.drawRectangle({ x: 0, y: height - band, width, height: band, color: BRAND.rose });
  await drawLogo(page, text, { x: margin, top: height - 26, size: 40, colour: BRAND.white, inverted: true });
  for (const [i, language] of PRINTED_LANGUAGES.entries()) {
    const line = t(language, "tagline");
    await text.prepare("regular", line);
    await text.draw(page, line, {
      x: width - margin - text.width(line, "regular", 10.5),
      y: height - 42 - i * 16,
      size: 10.5,
      color: BRAND.white,
    });
  }

  // Who (its logo, when it has one) and where: long names wrap.
  let y = height - band - 40;
  const logo = await embedLogo(pdf, job.logo);
  if (logo) y -= drawLogoImage(page, logo, middle, height - band - 14, { width: 200, height: 54 }) - 4;
  y = await centredParagraph(page, text, "bold", job.organizationName, middle, y, width - 2 * margin, 24, BRAND.ink);
  y = await centredParagraph(page, text, "regular", job.name, middle, y - 2, width - 2 * margin, 15, BRAND.grey);

  // The code, in a card.
  const card = { width: POSTER_QR + 36, height: POSTER_QR + 72 };
  const cardTop = y - 8;
  roundedRectangle(
    page,
    { x: middle - card.width / 2, y: cardTop - card.height, width: card.width, height: card.height, radius: 18 },
    { fill: BRAND.white, border: BRAND.rose, borderWidth: 3 },
  );
  await centred(page, text, "bold", bilingual("scanMe"), middle, cardTop - 26, 16, BRAND.rose);
  drawQr(page, link, { x: middle - POSTER_QR / 2, y: cardTop - 36 - POSTER_QR, size: POSTER_QR });
  await centred(page, text, "regular", printedLink(link), middle, cardTop - card.height + 14, 10, BRAND.grey);

  // The how-to, a column per language.
  const columnTop = cardTop - card.height - 16;
  const gap = 28;
  const column = (width - 2 * margin - gap) / 2;
  for (const [i, language] of PRINTED_LANGUAGES.entries()) {
    await howTo(page, text, language, t(language, "virtualRule", { radius: job.radiusMeters }), {
      x: margin + i * (column + gap),
      y: columnTop,
      width: column,
    });
  }
  page.drawRectangle({ x: 0, y: 0, width, height: 10, color: BRAND.rose });
  return pdf.save();
}

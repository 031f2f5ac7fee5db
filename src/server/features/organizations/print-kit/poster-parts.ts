import type { PDFImage, PDFPage, RGB } from "pdf-lib";
import type { Language } from "../../../../shared/constants.js";
import { KINDLY_TIME_ZONE } from "../../../../shared/acts/new-york-time.js";
import { centred, centredParagraph, fittedSize, paragraph } from "../../../platform/pdf/pdf-drawing.js";
import type { PdfText } from "../../../platform/pdf/pdf-fonts.js";
import { drawQr } from "../../../platform/pdf/pdf-qr.js";
import { BRAND, drawLogoImage, printedLink, roundedRectangle } from "../../../platform/pdf/brand.js";
import { DAILY_SCAN_LIMIT } from "../../../../shared/acts/daily-limit.js";
import { inEach, printDocument, t } from "./print-text.js";
import { PAPER_SIZES, type PrintJob } from "./print-job.js";
import { dateFormat, numberFormat } from "../../../../shared/i18n/format.js";

/*
 * The pieces the three posters (issue 43) are built of: the headline hook in
 * each printed language, who and where, the code in its card, the place's
 * count as of printing, the organisation's logo on a white chip, and the
 * how-to. Each draws from a top y and returns the y below it.
 */

const WHITE = BRAND.white;

/**
 * Centred lines from a top edge: the first baseline a cap height (0.85 of
 * the size) below it; returns the bottom of the last line's descenders.
 */
async function centredFromTop(
  page: PDFPage,
  text: PdfText,
  weight: "regular" | "bold",
  value: string,
  at: { centerX: number; top: number; width: number },
  size: number,
  colour: RGB,
): Promise<number> {
  const below = await centredParagraph(page, text, weight, value, at.centerX, at.top - size * 0.85, at.width, size, colour);
  // centredParagraph returns the next baseline (1.2 sizes under the last); descenders reach 0.25 under it.
  return below + size * 0.95;
}

/** "Someone was kind to you? Scan this code.": the first language (French) first and largest, the others under it. */
export async function headline(
  page: PDFPage,
  text: PdfText,
  languages: readonly Language[],
  at: { centerX: number; top: number; width: number },
  style: { first: RGB; second: RGB; size: number },
): Promise<number> {
  let top = at.top;
  for (const [i, language] of languages.entries()) {
    const value = t(language, "hook");
    const max = i === 0 ? style.size : Math.round(style.size * 0.62);
    const size = await fittedSize(text, "bold", value, { width: at.width, height: max * 2.4 }, { max, min: Math.round(max * 0.7) });
    top = (await centredFromTop(page, text, "bold", value, { ...at, top }, size, i === 0 ? style.first : style.second)) - 6;
  }
  return top;
}

/** The organisation's name and the place's, shrunk to fit their share of the page however long they are. */
export async function names(
  page: PDFPage,
  text: PdfText,
  job: PrintJob,
  at: { centerX: number; top: number; width: number },
  style: { name: RGB; place: RGB; size: number },
): Promise<number> {
  const box = { width: at.width, height: style.size * 2.4 };
  const nameSize = await fittedSize(text, "bold", job.organizationName, box, { max: style.size, min: 8 });
  const bottom = await centredFromTop(page, text, "bold", job.organizationName, at, nameSize, style.name);
  const place = { width: at.width, height: style.size * 1.6 };
  const placeSize = await fittedSize(text, "regular", job.name, place, { max: Math.round(style.size * 0.65), min: 7 });
  return centredFromTop(page, text, "regular", job.name, { ...at, top: bottom - 2 }, placeSize, style.place);
}

/** The code in a white card with a coloured border, "Scannez-moi · Scan me" above it and the link written under it. */
export async function codeCard(
  page: PDFPage,
  text: PdfText,
  languages: readonly Language[],
  link: string,
  at: { centerX: number; top: number; qr: number },
  accent: RGB,
): Promise<number> {
  const card = { width: at.qr + 32, height: at.qr + 64 };
  roundedRectangle(
    page,
    { x: at.centerX - card.width / 2, y: at.top - card.height, width: card.width, height: card.height, radius: 18 },
    { fill: WHITE, border: accent, borderWidth: 3 },
  );
  await centred(page, text, "bold", inEach(languages, "scanMe"), at.centerX, at.top - 24, 14, accent);
  drawQr(page, link, { x: at.centerX - at.qr / 2, y: at.top - 34 - at.qr, size: at.qr });
  await centred(page, text, "regular", printedLink(link), at.centerX, at.top - card.height + 12, 9, BRAND.grey);
  return at.top - card.height;
}

/** The date of printing, as each language writes it, in Kindly's time zone (its days are New York's). */
export function printedOn(language: Language, date: Date): string {
  return dateFormat(language, { dateStyle: "long", timeZone: KINDLY_TIME_ZONE }).format(date);
}

/** The count as figure and words: "137" and "acts of kindness recorded here" per language; none yet, an invitation. */
export function countWords(job: PrintJob): { figure: string | null; lines: string[]; asOf: string } {
  const count = job.actsHere ?? 0;
  const asOf = job.languages.map((language) => t(language, "asOf", { date: printedOn(language, job.printedAt) })).join(" · ");
  if (count === 0) return { figure: null, lines: job.languages.map((language) => t(language, "firstHere")), asOf };
  return {
    figure: numberFormat(job.languages[0]!).format(count),
    lines: job.languages.map((language) => t(language, "countLabel", { count })),
    asOf,
  };
}

/** The organisation's logo on a white rounded chip (readable on any colour), its top-right corner at (right, top). */
export function logoChip(page: PDFPage, logo: PDFImage, at: { right: number; top: number }, box: { width: number; height: number }): void {
  const pad = 8;
  const scale = Math.min(box.width / logo.width, box.height / logo.height);
  const width = logo.width * scale + 2 * pad;
  const height = logo.height * scale + 2 * pad;
  roundedRectangle(page, { x: at.right - width, y: at.top - height, width, height, radius: 10 }, { fill: WHITE });
  drawLogoImage(page, logo, at.right - width / 2, at.top - pad, box);
}

/** The three steps, a column per language, then the place's rule and the daily limit in small type. */
export async function steps(
  page: PDFPage,
  text: PdfText,
  job: PrintJob,
  at: { x: number; y: number; width: number },
  colours: { title: RGB; body: RGB; small: RGB },
): Promise<number> {
  const gap = 24;
  const column = (at.width - gap * (job.languages.length - 1)) / job.languages.length;
  let lowest = at.y;
  for (const [i, language] of job.languages.entries()) {
    const x = at.x + i * (column + gap);
    let y = await paragraph(page, text, "bold", t(language, "howToTitle"), x, at.y - 11, column, 11, colours.title);
    for (const step of ["step1", "step2", "step3"])
      y = (await paragraph(page, text, "regular", t(language, step), x, y, column, 9, colours.body)) - 1;
    lowest = Math.min(lowest, y);
  }
  let y = lowest - 4;
  for (const language of job.languages) {
    const rule = `${t(language, "virtualRule", { radius: job.radiusMeters })} ${t(language, "dailyLimit", { limit: DAILY_SCAN_LIMIT })}`;
    y = await paragraph(page, text, "regular", rule, at.x, y, at.width, 7, colours.small);
  }
  return y;
}

/** A poster's one page, in the job's paper, with its document and text. */
export async function posterPage(job: PrintJob) {
  const { pdf, text } = await printDocument(`Kindly — ${job.name}`, job.languages);
  const [width, height] = PAPER_SIZES[job.paper];
  return { pdf, text, page: pdf.addPage([width, height]), width, height };
}

/** The steps under the code, then a thin band of the organisation's colour along the foot. */
export async function posterFoot(page: PDFPage, text: PdfText, job: PrintJob, at: { x: number; y: number; width: number }): Promise<void> {
  await steps(page, text, job, at, { title: job.palette.accent, body: BRAND.ink, small: BRAND.grey });
  page.drawRectangle({ x: 0, y: 0, width: page.getWidth(), height: 10, color: job.palette.accent });
}

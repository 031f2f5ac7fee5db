import type { PDFPage, RGB } from "pdf-lib";
import { rgb } from "pdf-lib";
import { readsRightToLeft } from "./bidi-order.js";
import type { PdfText, Weight } from "./pdf-fonts.js";

export const INK = rgb(0.16, 0.12, 0.14);
export const ROSE = rgb(0.86, 0.15, 0.35);
export const GREY = rgb(0.42, 0.4, 0.42);

/** Draws text wrapped to `width`, its first baseline at y (aligned right when it reads right to left); returns the y below it. */
export async function paragraph(
  page: PDFPage,
  text: PdfText,
  weight: Weight,
  value: string,
  x: number,
  y: number,
  width: number,
  size: number,
  color = INK,
): Promise<number> {
  let cursor = y;
  const rightToLeft = readsRightToLeft(value);
  for (const line of await text.lines(value, weight, size, width)) {
    const left = rightToLeft ? x + width - text.width(line, weight, size) : x;
    await text.draw(page, line, { x: left, y: cursor, size, weight, color });
    cursor -= size * 1.3;
  }
  return cursor;
}

/** One line centred on `centerX` (never wrapped). */
export async function centred(
  page: PDFPage,
  text: PdfText,
  weight: Weight,
  value: string,
  centerX: number,
  y: number,
  size: number,
  color: RGB = INK,
): Promise<void> {
  await centredParagraph(page, text, weight, value, centerX, y, Infinity, size, color);
}

/** Text wrapped to `width` and each line centred on `centerX`, the first baseline at y; returns the y below it. */
export async function centredParagraph(
  page: PDFPage,
  text: PdfText,
  weight: Weight,
  value: string,
  centerX: number,
  y: number,
  width: number,
  size: number,
  color: RGB = INK,
): Promise<number> {
  let cursor = y;
  for (const line of await text.lines(value, weight, size, width)) {
    await text.draw(page, line, { x: centerX - text.width(line, weight, size) / 2, y: cursor, size, weight, color });
    cursor -= size * 1.2;
  }
  return cursor;
}

/**
 * The largest size, from `sizes.max` down to `sizes.min` by half points, at
 * which the text wraps to lines that fit `box` (lines `leading` × size
 * apart): a long name shrinks, then wraps, rather than leave its cell. At
 * the smallest size it takes the lines it needs: a name is never cut.
 */
export async function fittedSize(
  text: PdfText,
  weight: Weight,
  value: string,
  box: { width: number; height: number },
  sizes: { max: number; min: number },
  leading = 1.2,
): Promise<number> {
  for (let size = sizes.max; size > sizes.min; size -= 0.5) {
    const lines = await text.lines(value, weight, size, box.width);
    if (lines.length * size * leading <= box.height + size * (leading - 1)) return size;
  }
  return sizes.min;
}

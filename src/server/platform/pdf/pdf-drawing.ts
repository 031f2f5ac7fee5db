import type { PDFFont, PDFPage, RGB } from "pdf-lib";
import { rgb } from "pdf-lib";

export const INK = rgb(0.16, 0.12, 0.14);
export const ROSE = rgb(0.86, 0.15, 0.35);
export const GREY = rgb(0.42, 0.4, 0.42);

/**
 * The standard PDF fonts only know Windows-1252: a name written with a
 * character outside it (an emoji, Chinese) is printed with "?" in its place
 * rather than failing the whole document.
 */
export function printable(font: PDFFont, value: string): string {
  const known = new Set(font.getCharacterSet());
  return [...value.normalize("NFC")].map((c) => (known.has(c.codePointAt(0)!) ? c : "?")).join("");
}

/** Draws text wrapped to `width`, returning the y below it. */
export function paragraph(
  page: PDFPage,
  font: PDFFont,
  text: string,
  x: number,
  y: number,
  width: number,
  size: number,
  color = INK,
): number {
  const words = printable(font, text).split(/\s+/);
  let line = "";
  let cursor = y;
  const flush = () => {
    page.drawText(line, { x, y: cursor, size, font, color });
    cursor -= size * 1.3;
  };
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      flush();
      line = word;
    } else line = candidate;
  }
  if (line) flush();
  return cursor;
}

/** One line centred on `centerX`. */
export function centred(page: PDFPage, font: PDFFont, text: string, centerX: number, y: number, size: number, color: RGB = INK): void {
  const line = printable(font, text);
  page.drawText(line, { x: centerX - font.widthOfTextAtSize(line, size) / 2, y, size, font, color });
}

import { rgb, type PDFDocument, type PDFImage, type PDFPage, type RGB } from "pdf-lib";
import type { PdfText } from "./pdf-fonts.js";

// Kindly's brand on paper: the app's icon (public/icon.svg, the same mark as
// the share images) and its rose, so a poster looks like the app it leads to.

export const BRAND = {
  rose: rgb(0xe1 / 255, 0x1d / 255, 0x48 / 255),
  deepRose: rgb(0x9f / 255, 0x12 / 255, 0x39 / 255),
  blush: rgb(0xff / 255, 0xf1 / 255, 0xf2 / 255),
  ink: rgb(0.13, 0.1, 0.12),
  grey: rgb(0.4, 0.38, 0.4),
  white: rgb(1, 1, 1),
};

/** public/icon.svg's two shapes, in its 64-unit box. */
const ICON_SQUARE = "M14 0H50A14 14 0 0 1 64 14V50A14 14 0 0 1 50 64H14A14 14 0 0 1 0 50V14A14 14 0 0 1 14 0Z";
const ICON_HEART = "M32 50C32 50 16 40.4 16 29A9 9 0 0 1 32 23.3A9 9 0 0 1 48 29C48 40.4 32 50 32 50Z";

/** The app's icon, `size` points square, its top-left corner at (x, top). */
export function drawMark(page: PDFPage, x: number, top: number, size: number, colours = { square: BRAND.rose, heart: BRAND.white }): void {
  page.drawSvgPath(ICON_SQUARE, { x, y: top, scale: size / 64, color: colours.square });
  page.drawSvgPath(ICON_HEART, { x, y: top, scale: size / 64, color: colours.heart });
}

/** The icon and "Kindly" beside it, the word's baseline aligned to the icon's lower third. Returns the right edge. */
export async function drawLogo(
  page: PDFPage,
  text: PdfText,
  options: { x: number; top: number; size: number; colour?: RGB; inverted?: boolean },
): Promise<number> {
  const { x, top, size } = options;
  drawMark(page, x, top, size, options.inverted ? { square: BRAND.white, heart: BRAND.rose } : undefined);
  const wordSize = size * 0.72;
  const left = x + size * 1.25;
  await text.draw(page, "Kindly", { x: left, y: top - size * 0.76, size: wordSize, weight: "bold", color: options.colour ?? BRAND.rose });
  return left + text.width("Kindly", "bold", wordSize);
}

/** A rectangle with rounded corners, (x, y) its lower-left corner. */
export function roundedRectangle(
  page: PDFPage,
  box: { x: number; y: number; width: number; height: number; radius: number },
  style: { fill?: RGB; border?: RGB; borderWidth?: number; dashed?: boolean },
): void {
  const { width: w, height: h, radius: r } = box;
  const path = `M${r} 0H${w - r}A${r} ${r} 0 0 1 ${w} ${r}V${h - r}A${r} ${r} 0 0 1 ${w - r} ${h}H${r}A${r} ${r} 0 0 1 0 ${h - r}V${r}A${r} ${r} 0 0 1 ${r} 0Z`;
  page.drawSvgPath(path, {
    x: box.x,
    y: box.y + h,
    color: style.fill,
    borderColor: style.border,
    borderWidth: style.border ? (style.borderWidth ?? 1) : undefined,
    borderDashArray: style.dashed ? [4, 3] : undefined,
  });
}

/** The short link as printed under a code (no scheme: what someone would type). */
export function printedLink(link: string): string {
  return link.replace(/^https?:\/\//, "");
}

/** The organisation's logo, embedded once per document (null when it has none). */
export async function embedLogo(pdf: PDFDocument, png: Uint8Array | null): Promise<PDFImage | null> {
  return png ? pdf.embedPng(png) : null;
}

/** Draws the logo as large as fits in `box` (its proportions kept), centred horizontally on `centerX`, its top at `top`. Returns its height. */
export function drawLogoImage(page: PDFPage, logo: PDFImage, centerX: number, top: number, box: { width: number; height: number }): number {
  const scale = Math.min(box.width / logo.width, box.height / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  page.drawImage(logo, { x: centerX - width / 2, y: top - height, width, height });
  return height;
}

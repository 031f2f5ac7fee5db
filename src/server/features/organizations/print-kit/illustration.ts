import { rgb, LineCapStyle, type PDFPage, type RGB } from "pdf-lib";
import type { Palette } from "./accent.js";

/*
 * Kindly's illustration for the print kit (issue 43): two people handing
 * each other a card with a heart, hearts rising above them. Drawn as vector
 * shapes in a 240 × 150 box, so it prints sharp at any size and takes the
 * organisation's colours.
 */

export const ILLUSTRATION = { width: 240, height: 150 };

const WHITE = rgb(1, 1, 1);

const circle = (cx: number, cy: number, r: number) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
/** A heart `size` wide, its centre at (cx, cy): the app icon's heart, scaled. */
const heart = (cx: number, cy: number, size: number) => {
  const s = size / 32;
  const x = (value: number) => (cx + (value - 32) * s).toFixed(2);
  const y = (value: number) => (cy + (value - 36) * s).toFixed(2);
  return `M${x(32)} ${y(50)}C${x(32)} ${y(50)} ${x(16)} ${y(40.4)} ${x(16)} ${y(29)}A${(9 * s).toFixed(2)} ${(9 * s).toFixed(2)} 0 0 1 ${x(32)} ${y(23.3)}A${(9 * s).toFixed(2)} ${(9 * s).toFixed(2)} 0 0 1 ${x(48)} ${y(29)}C${x(48)} ${y(40.4)} ${x(32)} ${y(50)} ${x(32)} ${y(50)}Z`;
};
/** A four-pointed sparkle. */
const sparkle = (cx: number, cy: number, r: number) =>
  `M${cx} ${cy - r}L${cx + r * 0.25} ${cy - r * 0.25}L${cx + r} ${cy}L${cx + r * 0.25} ${cy + r * 0.25}L${cx} ${cy + r}L${cx - r * 0.25} ${cy + r * 0.25}L${cx - r} ${cy}L${cx - r * 0.25} ${cy - r * 0.25}Z`;

/** Colours of the drawing: on white paper, or on the accent colour (the bold poster). */
export function illustrationColours(palette: Palette, on: "paper" | "accent") {
  return on === "paper"
    ? {
        ground: palette.tint,
        first: palette.accent,
        firstHead: palette.soft,
        second: palette.deep,
        secondHead: palette.soft,
        card: WHITE,
        heart: palette.accent,
        sparkle: palette.soft,
      }
    : {
        ground: palette.shade,
        first: WHITE,
        firstHead: palette.tint,
        second: palette.tint,
        secondHead: WHITE,
        card: WHITE,
        heart: palette.accent,
        sparkle: palette.tint,
      };
}

type Colours = ReturnType<typeof illustrationColours>;

/** Draws the illustration `width` points wide, its top-left corner at (x, top). */
export function drawIllustration(page: PDFPage, at: { x: number; top: number; width: number }, colours: Colours): void {
  const scale = at.width / ILLUSTRATION.width;
  const fill = (path: string, color: RGB) => page.drawSvgPath(path, { x: at.x, y: at.top, scale, color });
  const stroke = (path: string, color: RGB, width: number) =>
    page.drawSvgPath(path, {
      x: at.x,
      y: at.top,
      scale,
      borderColor: color,
      borderWidth: width * scale,
      borderLineCap: LineCapStyle.Round,
    });

  fill("M12 132a108 18 0 1 0 216 0a108 18 0 1 0 -216 0Z", colours.ground);
  // The giver, on the left, and the receiver: bodies, heads, arms meeting at the card.
  fill("M28 148C28 104 44 90 64 90C84 90 100 104 100 148Z", colours.first);
  fill(circle(64, 66, 18), colours.firstHead);
  fill("M140 148C140 104 156 90 176 90C196 90 212 104 212 148Z", colours.second);
  fill(circle(176, 66, 18), colours.secondHead);
  stroke("M90 106C98 100 104 94 110 88", colours.first, 10);
  stroke("M150 106C142 100 136 94 130 88", colours.second, 10);
  // The card between their hands, a heart on it.
  fill("M102 66h36a6 6 0 0 1 6 6v22a6 6 0 0 1 -6 6h-36a6 6 0 0 1 -6 -6v-22a6 6 0 0 1 6 -6Z", colours.card);
  stroke("M102 66h36a6 6 0 0 1 6 6v22a6 6 0 0 1 -6 6h-36a6 6 0 0 1 -6 -6v-22a6 6 0 0 1 6 -6Z", colours.heart, 2);
  fill(heart(120, 84, 18), colours.heart);
  // Hearts rising, and sparkles.
  fill(heart(106, 38, 12), colours.heart);
  fill(heart(132, 22, 16), colours.heart);
  fill(heart(150, 46, 9), colours.heart);
  fill(sparkle(92, 16, 6), colours.sparkle);
  fill(sparkle(160, 14, 5), colours.sparkle);
  fill(sparkle(30, 40, 5), colours.sparkle);
  fill(sparkle(212, 34, 6), colours.sparkle);
}

import { rgb, type RGB } from "pdf-lib";
import { BRAND } from "../../../platform/pdf/brand.js";

/*
 * The organisation's colour on its posters (issue 43), taken from its logo:
 * the most common clearly coloured pixel (not white, black or grey), made
 * dark enough for white text on it to read (contrast 4.5:1, WCAG AA). A
 * logo without colour, or no logo, prints in Kindly's rose.
 */

type Rgb = [number, number, number];

/** WCAG relative luminance of an sRGB colour (0–255 channels). */
function luminance([r, g, b]: Rgb): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** Contrast of white text on this colour. */
const contrastWithWhite = (colour: Rgb) => 1.05 / (luminance(colour) + 0.05);

/** The colour darkened step by step (towards black, its hue kept) until white reads on it. */
export function readableWithWhite(colour: Rgb): Rgb {
  let current = colour;
  while (contrastWithWhite(current) < 4.5) current = current.map((channel) => channel * 0.92) as Rgb;
  return current.map(Math.round) as Rgb;
}

/** At least this share of the logo's visible pixels must be coloured for it to set the colour. */
const COLOURED_SHARE = 0.05;

/** The dominant clear colour of a PNG logo, or null when it has none (black and white, grey, tiny). */
export async function logoColour(png: Uint8Array): Promise<Rgb | null> {
  const { default: sharp } = await import("sharp");
  const { data } = await sharp(png).resize(48, 48, { fit: "inside" }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  // Pixels grouped by colour, 4 bits a channel: the largest group wins, as its mean.
  const groups = new Map<number, { count: number; sum: Rgb }>();
  let visible = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, alpha] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    if (alpha < 128) continue;
    visible += 1;
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    // Greys, near-white and near-black say nothing about a brand's colour.
    if (max - min < 48 || max < 40) continue;
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const group = groups.get(key) ?? { count: 0, sum: [0, 0, 0] };
    group.count += 1;
    group.sum = [group.sum[0] + r, group.sum[1] + g, group.sum[2] + b];
    groups.set(key, group);
  }
  const best = [...groups.values()].sort((a, b) => b.count - a.count)[0];
  if (!best || best.count < visible * COLOURED_SHARE) return null;
  return best.sum.map((total) => total / best.count) as Rgb;
}

/** The colours a poster prints in: the organisation's (from its logo) or Kindly's. */
export interface Palette {
  /** Bands, headlines, the big count: white text reads on it. */
  accent: RGB;
  /** The accent, darker: the second figure of the illustration. */
  deep: RGB;
  /** The accent, very light: backgrounds behind ink. */
  tint: RGB;
  /** Between accent and white: the first figure's head. */
  soft: RGB;
  /** A little darker than the accent: the ground under the illustration on the bold poster. */
  shade: RGB;
}

const toRgb = ([r, g, b]: Rgb) => rgb(r / 255, g / 255, b / 255);
const mix = (colour: Rgb, towards: Rgb, share: number) => colour.map((channel, i) => channel + (towards[i]! - channel) * share) as Rgb;

export function paletteOf(colour: Rgb): Palette {
  const accent = readableWithWhite(colour);
  return {
    accent: toRgb(accent),
    deep: toRgb(mix(accent, [0, 0, 0], 0.45)),
    tint: toRgb(mix(accent, [255, 255, 255], 0.9)),
    soft: toRgb(mix(accent, [255, 255, 255], 0.5)),
    shade: toRgb(mix(accent, [0, 0, 0], 0.15)),
  };
}

const KINDLY_ROSE: Rgb = [BRAND.rose.red * 255, BRAND.rose.green * 255, BRAND.rose.blue * 255];

/** The palette for an organisation's print: from its logo when the logo has a colour, else Kindly's rose. */
export async function printPalette(logo: Uint8Array | null): Promise<Palette> {
  return paletteOf((logo && (await logoColour(logo))) ?? KINDLY_ROSE);
}

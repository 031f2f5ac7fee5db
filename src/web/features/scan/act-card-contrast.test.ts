import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { RARITIES } from "../../../shared/acts/rarity.js";

// Issue 44 §6: every text on the metal cards reads at 4.5:1 or more (WCAG
// 1.4.3), everywhere on the card. The colours are act-card.css's own: the text
// of each metal against every stop of its gradient (with any translucent layer
// laid over it, whichever way is worse), and each badge (the rarity, a
// contest's ticket) against its own solid background.

const css = readFileSync(fileURLToPath(new URL("./act-card.css", import.meta.url)), "utf8");
const card = readFileSync(fileURLToPath(new URL("./act-card.tsx", import.meta.url)), "utf8");

type Rgb = [number, number, number];
type Rgba = [number, number, number, number];

/** "#fef08a" or "#fff". */
function hex(value: string): Rgb {
  const digits = value.replace("#", "");
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
}
const hexes = (text: string): Rgb[] => (text.match(/#(?:[0-9a-f]{6}|[0-9a-f]{3})\b/gi) ?? []).map(hex);
const translucent = (text: string): Rgba[] =>
  [...text.matchAll(/rgb\((\d+) (\d+) (\d+) \/ ([\d.]+)\)/g)].map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);

function rule(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`act-card.css has no ${selector}`);
  return css.slice(start, css.indexOf("}\n", start));
}
const declaration = (body: string, name: string) => new RegExp(`(?:^|\\s)${name}:([^;]*);`, "m").exec(body)![1]!;

/** WCAG relative luminance. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}
function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
const over = ([r, g, b, a]: Rgba, [R, G, B]: Rgb): Rgb => [r * a + R * (1 - a), g * a + G * (1 - a), b * a + B * (1 - a)];

describe("the metal cards' texts", () => {
  it("measure the contrast as WCAG does", () => {
    expect(contrast([0, 0, 0], [255, 255, 255])).toBeCloseTo(21, 5);
    expect(contrast(hex("#767676"), hex("#ffffff"))).toBeCloseTo(4.54, 2);
  });

  for (const rarity of RARITIES) {
    it(`read at 4.5:1 or more on ${rarity}, on every part of the card`, () => {
      const back = rule(`.kindly-card-back[data-rarity="${rarity}"]`);
      const text = hex(declaration(back, "color").trim());
      const background = declaration(back, "background");
      const stops = hexes(background);
      const layers = translucent(background);
      expect(stops.length).toBeGreaterThan(1);
      const grounds = [...stops, ...stops.flatMap((stop) => layers.map((layer) => over(layer, stop)))];
      const worst = Math.min(...grounds.map((ground) => contrast(text, ground)));
      expect(worst, `${rarity}: the card's text against its darkest or lightest part`).toBeGreaterThanOrEqual(4.5);

      const badge = rule(`.kindly-rarity-badge[data-rarity="${rarity}"]`);
      expect(contrast(hex(declaration(badge, "color").trim()), hex(declaration(badge, "background").trim()))).toBeGreaterThanOrEqual(4.5);
    });
  }

  it("are drawn at full strength: no faded line and no see-through pill on the card's back", () => {
    const back = card.slice(card.indexOf("function CardBack"), card.indexOf("export function ActCard"));
    expect(back).not.toMatch(/opacity-\d|bg-white\/|text-white\//);
    // The contest's ticket wears its metal's badge colours.
    expect(back).toMatch(/kindly-rarity-badge[^"]*"\s+data-rarity=\{result\.rarity\}\s+data-testid="act-ticket"/);
  });
});

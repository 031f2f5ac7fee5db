import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";
import { bidiPieces, mirrored, RIGHT_TO_LEFT_LETTERS } from "./bidi-order.js";
import { subsettableFont } from "./sfnt.js";

/*
 * Real fonts for every PDF Kindly prints (issue 30): Noto Sans for Latin,
 * Greek, Cyrillic and Vietnamese, Noto Sans Arabic and Noto Sans Hebrew
 * (issue 43: shaped by fontkit, ordered by bidi-order.ts), Noto Sans SC for
 * Chinese and Japanese, Nanum Gothic for Korean, and Noto Emoji (monochrome:
 * a PDF prints shapes, not colour bitmaps). Each
 * family comes from its @fontsource package, cut into files by Unicode range;
 * a document embeds only the files its text needs, and of those only the
 * glyphs it draws (subsetting), so a poster stays a few tens of kilobytes and
 * any name prints exactly: "Café ☕ 和平" is found by a PDF reader's search.
 *
 * The WOFF files, not WOFF2: fontkit cannot subset WOFF2's transformed glyphs;
 * sfnt.ts unpacks them into TrueType files its subsetter copies exactly.
 */

export type Weight = "regular" | "bold";

interface Family {
  /** The @fontsource package. */
  pkg: string;
  /** The weight each of ours maps to (every family here has both). */
  weights: Record<Weight, number>;
  /** Its files' ranges, in the package's order: [file stem, sorted [low, high] code point ranges]. */
  files: [string, [number, number][]][];
}

const require = createRequire(import.meta.url);

/** A family's files, or only those of `subsets` (a script's package also carries Latin, symbols…, which Noto Sans draws). */
function family(pkg: string, subsets?: string[]): Family {
  const name = pkg.split("/")[1]!;
  // unicode.json: { "latin": "U+0000-00FF,U+0131,…", "[119]": "…" } — a file per key.
  const ranges = require(`${pkg}/unicode.json`) as Record<string, string>;
  const files = Object.entries(ranges)
    .filter(([key]) => !subsets || subsets.includes(key))
    .map(([key, list]): [string, [number, number][]] => [
      `${name}-${key.replace(/[[\]]/g, "")}`,
      list.split(",").map((range) => {
        const [low, high] = range.trim().replace(/^U\+/i, "").split("-");
        // A CSS range may use wildcards (U+4??): the lowest and highest digits.
        const value = (hex: string, fill: string) => parseInt(hex.replace(/\?/g, fill), 16);
        return [value(low!, "0"), value(high ?? low!, "f")];
      }),
    ]);
  return { pkg, weights: { regular: 400, bold: 700 }, files };
}

let families: Family[] | null = null;
/** In fallback order: the first family with a glyph for a character draws it. */
function fontStack(): Family[] {
  families ??= [
    family("@fontsource/noto-sans"),
    family("@fontsource/noto-sans-arabic", ["arabic"]),
    family("@fontsource/noto-sans-hebrew", ["hebrew"]),
    family("@fontsource/noto-sans-sc"),
    // Hangul: Noto Sans SC has none, and Nanum Gothic is a fifth of Noto Sans KR's download.
    family("@fontsource/nanum-gothic"),
    family("@fontsource/noto-emoji"),
  ];
  return families;
}

/**
 * Font files read once per process (tens of kilobytes each), with the code
 * points each really has: a file's declared range can be wider than its
 * glyphs, and one file of Noto Sans SC has a character map fontkit cannot
 * read (null: never used).
 */
const fileCache = new Map<string, Promise<{ bytes: Buffer; has: Set<number> } | null>>();
function fontFile(pkg: string, stem: string, weight: number): Promise<{ bytes: Buffer; has: Set<number> } | null> {
  const path = require.resolve(`${pkg}/files/${stem}-${weight}-normal.woff`);
  let file = fileCache.get(path);
  if (!file) {
    file = readFile(path).then((woff) => {
      try {
        const bytes = subsettableFont(woff);
        return { bytes, has: new Set(fontkit.create(bytes).characterSet) };
      } catch {
        return null;
      }
    });
    fileCache.set(path, file);
    file.catch(() => fileCache.delete(path));
  }
  return file;
}

/**
 * Text is handled a grapheme at a time (what a reader sees as one character:
 * a letter and its accents, 👍🏽, 👩🏾‍🍳), so that a sequence is drawn in one
 * font, which joins it into one shape, and a line never breaks inside it.
 */
const graphemes = new Intl.Segmenter("und", { granularity: "grapheme" });
const graphemesOf = (text: string) => Array.from(graphemes.segment(text), ({ segment }) => segment);

/** Joiners and variation selectors steer a sequence's shape; a font need not list them. */
const STEERING = new Set([0x200d, 0xfe0e, 0xfe0f]);
const drawnCodePoints = (grapheme: string) =>
  Array.from(grapheme, (character) => character.codePointAt(0)!).filter((codePoint) => !STEERING.has(codePoint));

/** What no font here covers (Arabic, say) prints as this, rather than failing the document. */
const MISSING = "?";

export interface Run {
  font: PDFFont;
  text: string;
}

/**
 * The narrow no-break space French typography puts in times and before units
 * ("17 h 10", "50 $") has no glyph in the embedded fonts (it drew as "?"):
 * printed as a no-break space, which they have and which keeps the same words
 * together.
 */
const printable = (text: string) => text.replace(/\u202f/g, "\u00a0");

/**
 * A document's text: which embedded font draws each character, how wide a
 * line is, where it wraps, and drawing it. Fonts are embedded on demand by
 * `prepare`; every drawing helper here prepares its own text first.
 */
export class PdfText {
  /** Per weight: the embedded font each grapheme is drawn with (null: none has it). */
  private readonly chosen: Record<Weight, Map<string, PDFFont | null>> = { regular: new Map(), bold: new Map() };
  /** Per weight and file: the font embedded in this document. */
  private readonly embedded = new Map<string, Promise<PDFFont>>();

  private constructor(private readonly pdf: PDFDocument) {}

  static for(pdf: PDFDocument): PdfText {
    pdf.registerFontkit(fontkit);
    return new PdfText(pdf);
  }

  /** Embeds whatever fonts these texts need, in this weight. */
  async prepare(weight: Weight, ...texts: string[]): Promise<void> {
    const chosen = this.chosen[weight];
    for (const text of texts) {
      for (const grapheme of graphemesOf(text.normalize("NFC"))) {
        if (!chosen.has(grapheme)) chosen.set(grapheme, await this.fontFor(grapheme, weight));
      }
    }
  }

  /**
   * The first file that has every character of the grapheme (the one holding
   * 👩, 🏾 and 🍳 joins them); failing that, the first that has its first
   * character.
   */
  private async fontFor(grapheme: string, weight: Weight): Promise<PDFFont | null> {
    const [first, ...rest] = drawnCodePoints(grapheme);
    if (first === undefined) return null;
    let fallback: { key: string; bytes: Buffer } | null = null;
    for (const { pkg, weights, files } of fontStack()) {
      for (const [stem, ranges] of files) {
        if (!ranges.some(([low, high]) => first >= low && first <= high)) continue;
        const file = await fontFile(pkg, stem, weights[weight]);
        if (!file?.has.has(first)) continue;
        const key = `${stem}-${weights[weight]}`;
        if (rest.every((codePoint) => file.has.has(codePoint))) return this.embed(key, file.bytes);
        fallback ??= { key, bytes: file.bytes };
      }
    }
    return fallback && this.embed(fallback.key, fallback.bytes);
  }

  private embed(key: string, bytes: Buffer): Promise<PDFFont> {
    let font = this.embedded.get(key);
    if (!font) {
      font = this.pdf.embedFont(bytes, { subset: true });
      this.embedded.set(key, font);
    }
    return font;
  }

  /** The text cut into runs of one font each (prepared text only). */
  runs(text: string, weight: Weight): Run[] {
    const chosen = this.chosen[weight];
    const runs: Run[] = [];
    let current: Run | null = null;
    for (const grapheme of graphemesOf(text.normalize("NFC"))) {
      const font = chosen.get(grapheme) ?? chosen.get(MISSING) ?? null;
      if (!font) throw new Error(`PdfText: "${grapheme}" drawn before prepare()`);
      const shown = chosen.get(grapheme) ? grapheme : MISSING;
      if (current && current.font === font) current.text += shown;
      else runs.push((current = { font, text: shown }));
    }
    return runs;
  }

  /** Width of one prepared line at `size` points. */
  width(text: string, weight: Weight, size: number): number {
    return this.runs(text, weight).reduce((total, run) => total + run.font.widthOfTextAtSize(run.text, size), 0);
  }

  /** Draws one line, its baseline at y, starting at x. */
  async draw(page: PDFPage, given: string, options: { x: number; y: number; size: number; weight?: Weight; color: RGB }): Promise<void> {
    const text = printable(given);
    const weight = options.weight ?? "regular";
    await this.prepare(weight, text, MISSING);
    let x = options.x;
    // Left to right as the eye reads it: right-to-left pieces' runs come last first (bidi-order.ts).
    for (const piece of bidiPieces(text.normalize("NFC"))) {
      const runs = this.runs(piece.text, weight);
      for (const run of piece.rtl ? runs.reverse() : runs) {
        // fontkit reverses Arabic and Hebrew letters itself; neutrals between them are turned here.
        const shown = piece.rtl && !RIGHT_TO_LEFT_LETTERS.test(run.text) ? mirrored(run.text) : run.text;
        page.drawText(shown, { x, y: options.y, size: options.size, font: run.font, color: options.color });
        x += run.font.widthOfTextAtSize(shown, options.size);
      }
    }
  }

  /**
   * Lines of at most `width` points: breaks between words, and inside a word
   * only when it is wider than a line by itself (Chinese and Japanese have no
   * spaces to break at).
   */
  async lines(given: string, weight: Weight, size: number, width: number): Promise<string[]> {
    const text = printable(given);
    await this.prepare(weight, text, MISSING);
    const out: string[] = [];
    for (const paragraph of text.normalize("NFC").split("\n")) {
      let line = "";
      // Breaks at spaces, never at a no-break one (French puts one before a colon, inside « », before a unit).
      for (const word of paragraph.split(/[^\S\u00a0\u202f]+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, weight, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) out.push(line);
        line = "";
        for (const grapheme of graphemesOf(word)) {
          if (line && this.width(line + grapheme, weight, size) > width) {
            out.push(line);
            line = "";
          }
          line += grapheme;
        }
      }
      out.push(line);
    }
    return out;
  }
}

import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont, PDFPage, RGB } from "pdf-lib";

/*
 * Real fonts for every PDF Kindly prints (issue 30): Noto Sans for Latin,
 * Greek, Cyrillic and Vietnamese, Noto Sans SC for Chinese and Japanese,
 * Nanum Gothic for Korean, and Noto Emoji (monochrome: a PDF prints shapes,
 * not colour bitmaps). Each
 * family comes from its @fontsource package, cut into files by Unicode range;
 * a document embeds only the files its text needs, and of those only the
 * glyphs it draws (subsetting), so a poster stays a few tens of kilobytes and
 * any name prints exactly: "Café ☕ 和平" is found by a PDF reader's search.
 *
 * The WOFF files, not WOFF2: fontkit cannot subset WOFF2's transformed glyphs.
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

function family(pkg: string): Family {
  const name = pkg.split("/")[1]!;
  // unicode.json: { "latin": "U+0000-00FF,U+0131,…", "[119]": "…" } — a file per key.
  const ranges = require(`${pkg}/unicode.json`) as Record<string, string>;
  const files = Object.entries(ranges).map(([key, list]): [string, [number, number][]] => [
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
    file = readFile(path).then((bytes) => {
      try {
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
 * Characters that belong with the one before them (accents, emoji variation
 * selectors, joiners, skin tones, keycaps): drawn in the same font, so that
 * a sequence such as 👍🏽 or ❤️ stays one shape.
 */
function joinsPrevious(codePoint: number): boolean {
  return (
    (codePoint >= 0x0300 && codePoint <= 0x036f) ||
    codePoint === 0x200d ||
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0x1f3fb && codePoint <= 0x1f3ff) ||
    codePoint === 0x20e3 ||
    (codePoint >= 0xe0020 && codePoint <= 0xe007f)
  );
}

/** What no font here covers (Arabic, say) prints as this, rather than failing the document. */
const MISSING = "?";

export interface Run {
  font: PDFFont;
  text: string;
}

/**
 * A document's text: which embedded font draws each character, how wide a
 * line is, where it wraps, and drawing it. Fonts are embedded on demand by
 * `prepare`; every drawing helper here prepares its own text first.
 */
export class PdfText {
  /** Per weight: the embedded font each code point is drawn with (null: none has it). */
  private readonly chosen: Record<Weight, Map<number, PDFFont | null>> = { regular: new Map(), bold: new Map() };
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
      for (const character of text.normalize("NFC")) {
        const codePoint = character.codePointAt(0)!;
        if (chosen.has(codePoint) || joinsPrevious(codePoint)) continue;
        chosen.set(codePoint, await this.fontFor(codePoint, weight));
      }
    }
  }

  private async fontFor(codePoint: number, weight: Weight): Promise<PDFFont | null> {
    for (const { pkg, weights, files } of fontStack()) {
      for (const [stem, ranges] of files) {
        if (!ranges.some(([low, high]) => codePoint >= low && codePoint <= high)) continue;
        const file = await fontFile(pkg, stem, weights[weight]);
        if (!file?.has.has(codePoint)) continue;
        const key = `${stem}-${weights[weight]}`;
        let font = this.embedded.get(key);
        if (!font) {
          font = this.pdf.embedFont(file.bytes, { subset: true });
          this.embedded.set(key, font);
        }
        return font;
      }
    }
    return null;
  }

  /** The text cut into runs of one font each (prepared text only). */
  runs(text: string, weight: Weight): Run[] {
    const chosen = this.chosen[weight];
    const runs: Run[] = [];
    let current: Run | null = null;
    for (const character of text.normalize("NFC")) {
      const codePoint = character.codePointAt(0)!;
      if (joinsPrevious(codePoint) && current) {
        current.text += character;
        continue;
      }
      const font = chosen.get(codePoint) ?? chosen.get(MISSING.codePointAt(0)!) ?? null;
      if (!font) throw new Error(`PdfText: "${character}" drawn before prepare()`);
      const shown = chosen.get(codePoint) ? character : MISSING;
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
  async draw(page: PDFPage, text: string, options: { x: number; y: number; size: number; weight?: Weight; color: RGB }): Promise<void> {
    const weight = options.weight ?? "regular";
    await this.prepare(weight, text, MISSING);
    let x = options.x;
    for (const run of this.runs(text, weight)) {
      page.drawText(run.text, { x, y: options.y, size: options.size, font: run.font, color: options.color });
      x += run.font.widthOfTextAtSize(run.text, options.size);
    }
  }

  /**
   * Lines of at most `width` points: breaks between words, and inside a word
   * only when it is wider than a line by itself (Chinese and Japanese have no
   * spaces to break at).
   */
  async lines(text: string, weight: Weight, size: number, width: number): Promise<string[]> {
    await this.prepare(weight, text, MISSING);
    const out: string[] = [];
    for (const paragraph of text.normalize("NFC").split("\n")) {
      let line = "";
      for (const word of paragraph.split(/\s+/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, weight, size) <= width) {
          line = candidate;
          continue;
        }
        if (line) out.push(line);
        line = "";
        for (const character of word) {
          if (line && !joinsPrevious(character.codePointAt(0)!) && this.width(line + character, weight, size) > width) {
            out.push(line);
            line = "";
          }
          line += character;
        }
      }
      out.push(line);
    }
    return out;
  }
}

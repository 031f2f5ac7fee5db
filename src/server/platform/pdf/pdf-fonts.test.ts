import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { popplerFonts, popplerText, popplerWords } from "../../test/documents.js";
import { INK } from "./pdf-drawing.js";
import { PdfText } from "./pdf-fonts.js";
import { ReportWriter } from "./report-writer.js";

// Names as organisations and people really write them: accents, emoji
// (with a variation selector, a skin tone, a joined sequence), Chinese,
// Japanese, Korean, Cyrillic and Greek.
const NAMES = ["Café Zoë — Montréal", "Bakery ☕ 👍 ❤️ 👩🏾‍🍳", "和平咖啡馆", "こんにちは カフェ", "한국 식당", "Привет", "Καλημέρα"];
// Right to left: Arabic (its letters joined) and Hebrew.
const RIGHT_TO_LEFT = ["مقهى السلام", "שלום עולם"];

async function drawn(names: string[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const text = PdfText.for(pdf);
  const page = pdf.addPage([600, 600]);
  for (const [i, name] of names.entries()) {
    await text.draw(page, name, { x: 20, y: 560 - i * 40, size: 18, weight: i % 2 ? "bold" : "regular", color: INK });
  }
  return pdf.save();
}

describe("text in Kindly's PDFs", () => {
  it("prints every name exactly, in fonts embedded in the file", async () => {
    const pdf = await drawn(NAMES);
    const fonts = popplerFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.filter((font) => !font.embedded)).toEqual([]);
    const text = popplerText(pdf);
    for (const name of NAMES) expect(text).toContain(name);
  });

  it("draws an emoji with a skin tone as one shape", async () => {
    // A one-colour emoji font cannot show the tone: 👍🏽 is the thumb's one glyph (which search finds as 👍), never the thumb beside a swatch.
    const pdf = await PDFDocument.create();
    const text = PdfText.for(pdf);
    await text.prepare("regular", "👍🏽", "👍");
    const [run] = text.runs("👍🏽", "regular");
    expect(text.runs("👍🏽", "regular")).toHaveLength(1);
    expect(run!.font.widthOfTextAtSize("👍🏽", 20)).toBe(run!.font.widthOfTextAtSize("👍", 20));
    expect(popplerText(await drawn(["Merci 👍🏽"]))).toContain("Merci 👍");
  });

  it("embeds only what the text needs: a Latin name carries no Chinese font", async () => {
    const names = (await drawn(["Café Zoë"])).length;
    expect(popplerFonts(await drawn(["Café Zoë"])).map((font) => font.name.replace(/-\d+$/, ""))).toEqual(["NotoSans-Regular"]);
    // Subset: a few kilobytes, not the font's hundreds.
    expect(names).toBeLessThan(20_000);
  });

  it("prints Arabic and Hebrew right to left, in their own embedded fonts, found by search in reading order", async () => {
    const pdf = await drawn(RIGHT_TO_LEFT);
    // (The space between the words is Noto Sans's.)
    expect(popplerFonts(pdf).map((font) => font.name.replace(/-\d+$/, ""))).toEqual(
      expect.arrayContaining(["NotoSansArabic-Regular", "NotoSansHebrew-Bold"]),
    );
    const text = popplerText(pdf);
    for (const name of RIGHT_TO_LEFT) expect(text).toContain(name);
    // As drawn, left to right, each word's glyphs as laid on the page: the line read backwards is the name.
    // Each line's words: those whose box holds its baseline (40 points from the top, then every 40).
    const lines = RIGHT_TO_LEFT.map((_, i) => popplerWords(pdf).filter((word) => word.yMin < 40 + i * 40 && word.yMax > 40 + i * 40));
    for (const [i, words] of lines.entries()) {
      const drawnLeftToRight = words
        .sort((a, b) => a.xMin - b.xMin)
        .map((word) => word.text)
        .join(" ");
      expect([...drawnLeftToRight].reverse().join("")).toBe(RIGHT_TO_LEFT[i]);
    }
  });

  it("prints a character no font has as a question mark rather than failing", async () => {
    const pdf = await drawn(["Selam ሰላም"]);
    expect(popplerText(pdf)).toContain("Selam ???");
  });

  it("wraps long text between words, and Chinese inside a line since it has no spaces", async () => {
    const pdf = await PDFDocument.create();
    const text = PdfText.for(pdf);
    const lines = await text.lines("和平".repeat(40), "regular", 12, 200);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(text.width(line, "regular", 12)).toBeLessThanOrEqual(200);
    expect(lines.join("")).toBe("和平".repeat(40));
    // Never at a no-break space: French keeps "lien :" and "24 h" together.
    for (const line of await text.lines("Touchez le lien\u00a0: Kindly s’ouvre, valide 24\u00a0h", "regular", 12, 90)) {
      expect(line).not.toMatch(/^[:h]/);
    }
    expect(await text.lines("Une phrase assez longue pour tenir sur deux lignes au moins", "regular", 12, 150)).toEqual([
      "Une phrase assez longue",
      "pour tenir sur deux lignes",
      "au moins",
    ]);
  });

  it("lays out a report with tables and page numbers in the same fonts", async () => {
    const writer = await ReportWriter.create({ title: "Rapport", language: "fr-CA", footer: (page, pages) => `Page ${page} de ${pages}` });
    writer.title("Rapport de conformité — Café ☕");
    writer.table(
      [
        ["Nom", "Rôle"],
        ["Zoë 李", "Présidente"],
        // What an employer typed, with plain spaces: the report's language puts no-break ones (issue 61 §3).
        ["Bilan : prime de 50 $", "Réunion à 17 h 10"],
      ],
      [0.5, 0.5],
    );
    for (let i = 0; i < 80; i++) writer.text(`Ligne ${i + 1}`);
    const pdf = await writer.save();
    const text = popplerText(pdf);
    // The narrow no-break space, which the fonts lack (it drew as "?"), prints as a no-break space
    // (poppler reads both back as a space).
    expect(text.replace(/\u00a0/g, " ")).toContain("Bilan : prime de 50 $");
    expect(text.replace(/\u00a0/g, " ")).toContain("Réunion à 17 h 10");
    expect(text).not.toContain("?");
    expect(text).toContain("Rapport de conformité — Café ☕");
    expect(text).toContain("Zoë 李");
    const pages = Number(/Page 1 de (\d+)/.exec(text)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain(`Page ${pages} de ${pages}`);
    expect(popplerFonts(pdf).filter((font) => !font.embedded)).toEqual([]);
  });
});

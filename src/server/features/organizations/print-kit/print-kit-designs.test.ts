import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { PRINTED_LANGUAGES } from "../../../../shared/i18n/languages.js";
import { PRINT_DESIGNS, type PrintDesign } from "../../../../shared/schemas/organizations.js";
import { expectToMatchBaseline } from "../../../test/baselines.js";
import { popplerFonts, popplerText, popplerWords, renderPage } from "../../../test/documents.js";
import { solidPng } from "../../../test/images.js";
import { cardSlots } from "./card-sheet.js";
import { DESIGNS, PAPER_SIZES, printPalette, type PrintJob } from "./index.js";

// Every design of the print kit, drawn as the server draws it for names in
// any script: Arabic (joined letters, right to left), Hebrew, Chinese, emoji
// with a skin tone and a joined sequence. Each must print its names exactly
// (a reader's search finds them) and look as it did when it was reviewed.

const PRINTED_AT = new Date("2026-11-27T15:00:00Z");
const baseline = (name: string) => fileURLToPath(new URL(`./baselines/${name}.png`, import.meta.url));

async function job(overrides: Partial<PrintJob>): Promise<PrintJob> {
  // A teal logo on white, as an organisation would upload it: the posters take its colour.
  const logo = await solidPng({ width: 240, height: 100, colour: { r: 0, g: 128, b: 128 }, border: 20 });
  return {
    paper: "letter",
    organizationName: "مقهى السلام",
    name: "שלום עולם",
    type: "virtual",
    radiusMeters: 100,
    codes: [{ link: "https://kindly.example/c/Ab3dE6gH9k", card: null }],
    logo,
    palette: await printPalette(logo),
    actsHere: 137,
    printedAt: PRINTED_AT,
    languages: PRINTED_LANGUAGES,
    ...overrides,
  };
}

/** The designs a place prints and those a card series prints, each with the job it prints. */
async function jobFor(design: PrintDesign, overrides: Partial<PrintJob> = {}): Promise<PrintJob> {
  if (design !== "cards" && design !== "stickers") return job(overrides);
  return job({
    type: "portable",
    codes: Array.from({ length: 10 }, (_, i) => ({ link: `https://kindly.example/c/Ab3dE6gH9k-${i + 1}`, card: i + 1 })),
    ...overrides,
  });
}

const SCRIPTS = [
  { organizationName: "مقهى السلام", name: "שלום עולם" },
  { organizationName: "和平咖啡馆 ☕", name: "Salle Zoë 👩🏾‍🍳 👨‍👩‍👧" },
];

describe("the print kit's designs", () => {
  it.each(PRINT_DESIGNS)("%s prints Arabic, Hebrew, Chinese and emoji names exactly, in embedded fonts", async (design) => {
    for (const names of SCRIPTS) {
      const pdf = await DESIGNS[design](await jobFor(design, names));
      expect(popplerFonts(pdf).filter((font) => !font.embedded)).toEqual([]);
      const text = popplerText(pdf);
      // French as Québec writes it: curly apostrophes, and no line that starts with the colon its no-break space holds.
      expect(text).not.toMatch(/^\s*[:;!?»]/m);
      if (["poster", "poster-count"].includes(design)) expect(text).toContain("Touchez le lien : Kindly s’ouvre");
      // Stickers carry only Kindly, the code and its number.
      if (design !== "stickers") for (const name of Object.values(names)) expect(text).toContain(name);
    }
  });

  it.each(PRINT_DESIGNS)("%s looks as reviewed (visual baseline)", async (design) => {
    const pdf = await DESIGNS[design](await jobFor(design));
    await expectToMatchBaseline(renderPage(pdf, { dpi: 50 }), baseline(design));
  });

  it("fits a 160-character name and a 120-character series name inside every business card", async () => {
    const organizationName =
      `Association des bénévoles et des amis du quartier Saint-Henri pour l’entraide et la bienveillance au quotidien, Montréal 😊`.padEnd(
        160,
        " ·",
      );
    const name = "Le grand local communautaire du 2e étage, porte de droite, à côté de la bibliothèque municipale et du jardin".padEnd(
      120,
      ".",
    );
    expect(organizationName).toHaveLength(160);
    const pdf = await DESIGNS.cards(await jobFor("cards", { organizationName, name }));
    await expectToMatchBaseline(renderPage(pdf, { dpi: 50 }), baseline("cards-long-names"));
    const [, pageHeight] = PAPER_SIZES.letter;
    // Poppler's word boxes count from the page's top; the card slots from its foot.
    const cells = cardSlots("letter").map((slot) => ({
      left: slot.x,
      right: slot.x + slot.width,
      top: pageHeight - slot.y - slot.height,
      bottom: pageHeight - slot.y,
    }));
    const words = popplerWords(pdf);
    expect(words.length).toBeGreaterThan(100);
    for (const word of words) {
      const inside = cells.some(
        (cell) => word.xMin >= cell.left && word.xMax <= cell.right && word.yMin >= cell.top - 1 && word.yMax <= cell.bottom + 1,
      );
      expect(inside, `"${word.text}" leaves its card`).toBe(true);
    }
    expect(popplerText(pdf).replace(/\s+/g, " ")).toContain(organizationName.replace(/\s+/g, " "));
  });
});

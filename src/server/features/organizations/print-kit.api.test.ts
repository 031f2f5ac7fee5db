import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { DESIGNS_BY_SOURCE, PAPERS, type PrintDesign } from "../../../shared/schemas/organizations.js";
import { drawQr } from "../../platform/pdf/pdf-qr.js";
import { TestClient } from "../../test/http-client.js";
import { addMember, buildOrganization, buildUsers, HERE, locationInput, scanRequestOf } from "../../test/factories.js";
import { solidPng } from "../../test/images.js";
import { pixelOf, popplerFonts, popplerText, readAsCamera } from "../../test/documents.js";
import { useTestServer } from "../../test/test-server.js";
import { CODE_LAYOUT } from "./print-kit/index.js";

// The name an organisation gives itself prints exactly: accents, an emoji, Chinese.
const ORGANIZATION = "Café Olimpico ☕ 和平";

describe("the print kit", () => {
  const suite = useTestServer("postgres");

  async function owner() {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db, { name: ORGANIZATION, locations: 0 });
    const [user] = await buildUsers(db, suite.server.deps.auth, 1);
    await addMember(db, org.id, user!.id, "owner");
    return { org, client: new TestClient(suite.server.url, { cookie: user!.cookie }) };
  }

  /** Every code on a page, as a phone reads it (see CAMERA). */
  function camera(pdf: Uint8Array, design: PrintDesign, paper: (typeof PAPERS)[number], page = 1) {
    const layout = CODE_LAYOUT[design];
    return readAsCamera(pdf, { page, qrPoints: layout.qrPoints, frames: layout.frames(paper) });
  }

  /** Fonts embedded, the names exact, Kindly's name on it. */
  function expectPrintedWell(pdf: Uint8Array, words: string[]) {
    expect(popplerFonts(pdf).filter((font) => !font.embedded)).toEqual([]);
    const text = popplerText(pdf).replace(/\s+/g, " ");
    for (const word of [...words, "Kindly"]) expect(text).toContain(word);
  }

  it("prints a place as a poster, a table tent and stickers, in Letter and A4, each code readable by a phone at 2 cm", async () => {
    const { org, client } = await owner();
    const created = await client.post(`/api/organizations/${org.id}/locations`, locationInput({ name: "Salle Zoë — 1er étage" }));
    const base = `/api/organizations/${org.id}/locations/${created.body.id}`;
    const { url } = (await client.get(`${base}/code`)).body as { url: string };
    const expected = { poster: 1, "poster-bold": 1, "poster-count": 1, tent: 2, stickers: 12 } as const;
    for (const paper of PAPERS) {
      for (const design of DESIGNS_BY_SOURCE.locations) {
        const file = await client.bytes(`${base}/code.pdf?design=${design}&paper=${paper}`);
        expect(file.status).toBe(200);
        expect(file.headers.get("content-disposition")).toBe(`attachment; filename="kindly-Salle-Zoe-1er-etage-${design}.pdf"`);
        // A sticker is small: Kindly, the code and "scan me"; the others name who and where.
        const names = design === "stickers" ? [] : [ORGANIZATION, "Salle Zoë — 1er étage"];
        // The posters and the tent lead with the hook, in both languages.
        const hook =
          design === "stickers"
            ? []
            : ["Vous avez reçu un geste de bienveillance? Scannez ce code.", "Someone was kind to you? Scan this code."];
        expectPrintedWell(file.body, [...names, ...hook, "Scannez-moi · Scan me"]);
        expect(await camera(file.body, design, paper)).toEqual(Array.from({ length: expected[design] }, () => url));
      }
    }
    // Lines wrap: the words are looked for with any white space between them.
    const poster = popplerText((await client.bytes(`${base}/code.pdf?design=poster`)).body).replace(/\s+/g, " ");
    expect(poster).toContain("How to record an act of kindness");
    expect(poster).toContain("Comment enregistrer un geste de bienveillance");
    expect(poster).toContain(url.replace(/^https?:\/\//, ""));
    // A card design is not a place's.
    expect((await client.bytes(`${base}/code.pdf?design=cards`)).status).toBe(404);
  });

  it("prints the place's count as of printing on its posters, or an invitation before its first act", async () => {
    const { org, client } = await owner();
    const created = await client.post(`/api/organizations/${org.id}/locations`, locationInput({ name: "Comptoir" }));
    const base = `/api/organizations/${org.id}/locations/${created.body.id}`;
    const text = async (design: PrintDesign) =>
      popplerText((await client.bytes(`${base}/code.pdf?design=${design}`)).body).replace(/\s+/g, " ");
    expect(await text("poster-bold")).toContain("Be the first to record an act of kindness here");
    expect(await text("poster-bold")).toContain("Enregistrez le premier geste de bienveillance ici");

    // Two people scan the place's code where it hangs.
    const { url } = (await client.get(`${base}/code`)).body as { url: string };
    const scanPage = new URL(
      (await fetch(new URL(new URL(url).pathname, suite.server.url), { redirect: "manual" })).headers.get("location")!,
      "http://kindly.test",
    );
    for (const participant of await buildUsers(suite.server.deps.db, suite.server.deps.auth, 2)) {
      const scan = await new TestClient(suite.server.url, { cookie: participant.cookie }).post(
        "/api/scans",
        scanRequestOf(scanPage.toString(), HERE),
      );
      expect(scan.status).toBe(201);
    }
    // Today as Québec writes it in each language.
    const today = {
      fr: new Intl.DateTimeFormat("fr-CA", { dateStyle: "long", timeZone: "America/New_York" }).format(new Date()),
      en: new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "America/New_York" }).format(new Date()),
    };
    const bold = await text("poster-bold");
    expect(bold).toContain("2 gestes de bienveillance enregistrés ici");
    expect(bold).toContain("2 acts of kindness recorded here");
    expect(bold).toContain(`En date du ${today.fr} · As of ${today.en}`);
    // The spotlight and the count posters print the figure large, the words under it.
    for (const design of ["poster", "poster-count"] as const) {
      expect(await text(design)).toMatch(/2 gestes de bienveillance enregistrés ici acts of kindness recorded here/);
    }
  });

  it("prints in the organisation's colour, taken from its logo, and in Kindly's rose without one", async () => {
    const { org, client } = await owner();
    const created = await client.post(`/api/organizations/${org.id}/locations`, locationInput({ name: "Vitrine" }));
    const poster = async () => (await client.bytes(`/api/organizations/${org.id}/locations/${created.body.id}/code.pdf`)).body;
    /** The colour of the poster's top band, as printed. */
    const band = async (pdf: Uint8Array) => {
      const [r, g, b] = await pixelOf(pdf, { x: 300, y: 6 });
      return { r, g, b };
    };
    const rose = await band(await poster());
    expect(rose.r).toBeGreaterThan(180);
    expect(rose.g).toBeLessThan(80);

    const form = new FormData();
    // A green logo on white: the white says nothing, the green is the brand.
    form.append(
      "logo",
      new Blob([new Uint8Array(await solidPng({ width: 200, height: 100, colour: { r: 20, g: 140, b: 90 }, border: 30 }))]),
      "logo.png",
    );
    expect((await client.upload(`/api/organizations/${org.id}/logo`, form, "PUT")).status).toBe(200);
    const green = await band(await poster());
    expect(green.g).toBeGreaterThan(green.r + 40);
    expect(green.g).toBeGreaterThan(green.b);
  });

  it("prints a portable series as numbered cards and stickers, every code on every page readable", async () => {
    const { org, client } = await owner();
    const created = await client.post(`/api/organizations/${org.id}/card-series`, {
      name: "Passez au suivant",
      cardType: "portable",
      cardCount: 14,
    });
    const base = `/api/organizations/${org.id}/card-series/${created.body.id}`;
    const card = async (n: number) => ((await client.get(`${base}/code?card=${n}`)).body as { url: string }).url;
    const links = await Promise.all(Array.from({ length: 14 }, (_, i) => card(i + 1)));

    const cards = (await client.bytes(`${base}/code.pdf?design=cards`)).body;
    // "Pass it on" on every card: ten to a page, fourteen cards.
    expectPrintedWell(cards, [ORGANIZATION, "Passez au suivant", "Carte nº 14 · Card no. 14", "then hand me to someone new"]);
    expect(popplerText(cards).match(/Passez-la au suivant · Pass it on/g)).toHaveLength(14);
    expect(await camera(cards, "cards", "letter", 1)).toEqual(links.slice(0, 10));
    expect((await camera(cards, "cards", "letter", 2)).slice(0, 4)).toEqual(links.slice(10, 14));

    const stickers = (await client.bytes(`${base}/code.pdf?design=stickers&paper=a4&from=3`)).body;
    expectPrintedWell(stickers, ["nº 3 · No. 3", "Scannez-moi · Scan me"]);
    expect(await camera(stickers, "stickers", "a4", 1)).toEqual(links.slice(2, 14));
    expect((await client.bytes(`${base}/code.pdf?design=poster`)).status).toBe(404);
  });

  it("prints a physical series' one code on every card of the sheet", async () => {
    const { org, client } = await owner();
    const created = await client.post(`/api/organizations/${org.id}/card-series`, { name: "Merci!", cardType: "physical", cardCount: 50 });
    const base = `/api/organizations/${org.id}/card-series/${created.body.id}`;
    const { url } = (await client.get(`${base}/code`)).body as { url: string };
    const sheet = (await client.bytes(`${base}/code.pdf`)).body;
    expect(await camera(sheet, "cards", "letter")).toEqual(Array.from({ length: 10 }, () => url));
  });

  it("tells a sturdy code from a dense one: the long links printed before fail where the short link reads", async () => {
    const short = "http://127.0.0.1:4173/c/Ab3dE6gH9k-100";
    const long = "http://127.0.0.1:4173/scan-qr?org=KND-7F3A9C&loc=q8VbX2rT0pLmN4sKjH6gFw&type=portable&name=Passez+au+suivant&card=100";
    const page = async (link: string) => {
      const pdf = await PDFDocument.create();
      drawQr(pdf.addPage([200, 200]), link, { x: 40, y: 40, size: CODE_LAYOUT.cards.qrPoints });
      return pdf.save();
    };
    const frame = [{ x: 0, y: 0, width: 200, height: 200 }];
    expect(await readAsCamera(await page(short), { page: 1, qrPoints: CODE_LAYOUT.cards.qrPoints, frames: frame })).toEqual([short]);
    expect(await readAsCamera(await page(long), { page: 1, qrPoints: CODE_LAYOUT.cards.qrPoints, frames: frame })).toEqual([null]);
  });
});

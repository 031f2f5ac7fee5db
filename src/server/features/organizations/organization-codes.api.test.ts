import { describe, expect, it } from "vitest";
import { TestClient } from "../../test/http-client.js";
import { addMember, buildOrganization, buildUsers, HERE, locationInput, scanRequestOf as scanOf } from "../../test/factories.js";
import { decodeQrPng, pdfText, readAsCamera } from "../../test/documents.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { LOCATIONS_PAGE_SIZE } from "../../../shared/schemas/organizations.js";
import { qrVersion } from "./qr-codes.js";
import { CODE_LAYOUT } from "./print-kit/index.js";

describe.each(testDrivers())("printed codes on %s", (driver) => {
  const suite = useTestServer(driver);

  /** Where a printed short link leads, as a phone's browser follows it: the scan page's address. */
  async function follow(link: string): Promise<string> {
    const response = await fetch(new URL(new URL(link).pathname, suite.server.url), { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    return new URL(response.headers.get("location")!, "http://kindly.test").toString();
  }

  /** A short link fit for a business card: at most 40 characters, a version 3 QR code at most. */
  function expectShort(link: string) {
    expect(link.length).toBeLessThanOrEqual(40);
    expect(qrVersion(link)).toBeLessThanOrEqual(3);
  }

  async function ownerOfNewOrganization() {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db, { name: "Les Amis de la bonté", locations: 0 });
    const [owner, participant] = await buildUsers(db, suite.server.deps.auth, 2);
    await addMember(db, org.id, owner!.id, "owner");
    return {
      org,
      owner: new TestClient(suite.server.url, { cookie: owner!.cookie }),
      participant: new TestClient(suite.server.url, { cookie: participant!.cookie }),
    };
  }

  it("draws a location's code that an independent decoder reads as its exact short link, which records an act; renewing it retires the old print", async () => {
    const { org, owner, participant } = await ownerOfNewOrganization();
    const created = await owner.post(`/api/organizations/${org.id}/locations`, locationInput({ name: "Café Olimpico" }));
    expect(created.status).toBe(201);
    const base = `/api/organizations/${org.id}/locations/${created.body.id}`;
    const { url } = (await owner.get(`${base}/code`)).body;
    expect(url).toMatch(/^http:\/\/kindly\.test\/c\/[0-9A-Za-z]{10}$/);
    expectShort(url);
    const scanPage = await follow(url);
    expect(scanPage).toMatch(/^http:\/\/kindly\.test\/scan-qr\?org=KND-[0-9A-F]{6}&loc=[\w-]{22}&type=virtual&name=Caf%C3%A9\+Olimpico$/);

    const png = await owner.bytes(`${base}/code.png`);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(decodeQrPng(png.body)).toBe(url);
    const svg = await owner.bytes(`${base}/code.svg`);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml");
    expect(svg.body.toString()).toMatch(/^<svg[^>]+viewBox/);

    const poster = await owner.bytes(`${base}/code.pdf?paper=a4`);
    expect(poster.headers.get("content-disposition")).toBe('attachment; filename="kindly-Cafe-Olimpico-poster.pdf"');
    const [page] = await pdfText(poster.body);
    expect(page).toContain("Café Olimpico");
    expect(page).toContain("Les Amis de la bonté");
    expect(page).toContain("How to record an act of kindness");
    expect(page).toContain("Comment enregistrer un geste de bienveillance");
    expect(page).toContain("within 100 m of this place, once a day");
    expect(page).toContain("à moins de 100 m de ce lieu, une fois par jour");
    expect(
      await readAsCamera(poster.body, { page: 1, qrPoints: CODE_LAYOUT.poster.qrPoints, frames: CODE_LAYOUT.poster.frames("a4") }),
    ).toEqual([url]);

    const scan = await participant.post("/api/scans", scanOf(scanPage, HERE));
    expect(scan.status).toBe(201);

    expect((await owner.post(`${base}/renew-code`)).status).toBe(204);
    const renewed = (await owner.get(`${base}/code`)).body.url;
    expect(renewed).not.toBe(url);
    expectShort(renewed);
    // The old print's short link leads to the scan page without a code ("not valid"); its long link is refused.
    expect(await follow(url)).toBe("http://kindly.test/scan-qr");
    const [, second] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 2);
    const other = new TestClient(suite.server.url, { cookie: second!.cookie });
    expect((await other.post("/api/scans", scanOf(scanPage, HERE))).body.error.code).toBe("invalid_qr");
    expect((await other.post("/api/scans", scanOf(await follow(renewed), HERE))).status).toBe(201);

    // Acts were recorded here: deleting is refused (history stays), deactivating works.
    expect((await owner.delete(base)).status).toBe(409);
    expect((await owner.put(`${base}/active`, { isActive: false })).status).toBe(204);
    const [listed] = (await owner.get(`/api/organizations/${org.id}/locations`)).body.locations;
    expect(listed).toMatchObject({ id: created.body.id, isActive: false, scans: 2 });
    const unused = await owner.post(`/api/organizations/${org.id}/locations`, locationInput());
    expect((await owner.delete(`/api/organizations/${org.id}/locations/${unused.body.id}`)).status).toBe(204);
  });

  it("lists an organisation's locations a page at a time, active first then by name, each once, to the last", async () => {
    const { org, owner } = await ownerOfNewOrganization();
    const db = suite.server.deps.db;
    // 62 places, named out of order; every fifth inactive.
    await db
      .insertInto("business_locations")
      .values(
        Array.from({ length: 62 }, (_, i) => ({
          id: `page-place-${i}`,
          organization_id: org.id,
          name: `Place ${String((i * 37) % 62).padStart(2, "0")}`,
          latitude: 45.5,
          longitude: -73.6,
          qr_token: `page-token-${i}`,
          is_active: i % 5 !== 0,
        })),
      )
      .execute();
    const base = `/api/organizations/${org.id}/locations`;
    const first = (await owner.get(base)).body;
    expect(first.locations).toHaveLength(LOCATIONS_PAGE_SIZE);
    expect(first.nextAfter).toEqual(expect.any(String));
    const second = (await owner.get(`${base}?after=${encodeURIComponent(first.nextAfter)}`)).body;
    expect(second).toMatchObject({ nextAfter: null });
    const listed = [...first.locations, ...second.locations] as { id: string; name: string; isActive: boolean }[];
    expect(new Set(listed.map((l) => l.id)).size).toBe(62);
    const expected = [...listed].sort((a, b) => Number(b.isActive) - Number(a.isActive) || a.name.localeCompare(b.name));
    expect(listed.map((l) => l.id)).toEqual(expected.map((l) => l.id));
    // A cursor this server did not write is the first page, not an error.
    expect((await owner.get(`${base}?after=not-a-cursor`)).body.locations[0].id).toBe(first.locations[0].id);
  });

  it("prints a portable series as numbered cards, each link carrying its card number, once per organisation per account", async () => {
    const { org, owner, participant } = await ownerOfNewOrganization();
    const created = await owner.post(`/api/organizations/${org.id}/card-series`, {
      name: "Passez au suivant",
      cardType: "portable",
      cardCount: 12,
    });
    const base = `/api/organizations/${org.id}/card-series/${created.body.id}`;
    const sheet = await owner.bytes(`${base}/code.pdf`);
    const pages = await pdfText(sheet.body);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain("Carte nº 1 · Card no. 1");
    expect(pages[1]).toContain("Carte nº 12 · Card no. 12");
    expect(pages[0]).toContain("Passez-la au suivant · Pass it on");
    const links = (
      await readAsCamera(sheet.body, { page: 2, qrPoints: CODE_LAYOUT.cards.qrPoints, frames: CODE_LAYOUT.cards.frames("letter") })
    ).filter((link) => link !== null);
    expect(links).toEqual([11, 12].map((n) => expect.stringMatching(new RegExp(`^http://kindly\\.test/c/[0-9A-Za-z]{10}-${n}$`))));
    links.forEach(expectShort);
    expect(await follow(links[1]!)).toMatch(/&type=portable&name=Passez\+au\+suivant&card=12$/);
    // A card number that was never printed leads nowhere.
    expect(await follow(links[1]!.replace(/-12$/, "-13"))).toBe("http://kindly.test/scan-qr");

    expect((await owner.get(`${base}/code?card=13`)).status).toBe(404);
    const card7Link = (await owner.get(`${base}/code?card=7`)).body.url;
    expect(decodeQrPng((await owner.bytes(`${base}/code.png?card=7`)).body)).toBe(card7Link);
    const card7 = await follow(card7Link);
    const recorded = await participant.post("/api/scans", scanOf(card7));
    expect(recorded.status).toBe(201);
    const act = await suite.server.deps.db
      .selectFrom("acts")
      .select(["card_number", "card_type"])
      .where("id", "=", recorded.body.actId)
      .executeTakeFirstOrThrow();
    expect(act).toEqual({ card_number: 7, card_type: "portable" });
    // Another card of the same organisation: still once per organisation.
    expect((await participant.post("/api/scans", scanOf(card7.replace("card=7", "card=8")))).body.error.code).toBe(
      "already_scanned_organisation",
    );
    // A card number that was never printed is not a Kindly code.
    expect((await participant.post("/api/scans", { ...scanOf(card7), card: 99 })).body.error.code).toBe("invalid_qr");
  });

  it("names a series for readers of each language where the organisation gives a name, and as written elsewhere", async () => {
    const { org, owner, participant } = await ownerOfNewOrganization();
    const created = await owner.post(`/api/organizations/${org.id}/card-series`, {
      name: "Cartes à faire circuler",
      translations: { en: " Pass-it-on cards ", fr: "" },
      cardType: "portable",
      cardCount: 12,
    });
    expect(created.status).toBe(201);
    const base = `/api/organizations/${org.id}/card-series`;
    const listed = async () => (await owner.get(base)).body.series.find((s: { id: string }) => s.id === created.body.id);
    // Blank is none; written ones are kept trimmed.
    expect((await listed()).translations).toEqual({ en: "Pass-it-on cards" });
    expect((await owner.post(base, { name: "Trop", translations: { de: "Karten" }, cardType: "physical", cardCount: 1 })).status).toBe(400);
    const poisoned = await owner.post(base, { name: "Trop", translations: { en: "a\u0000b" }, cardType: "physical", cardCount: 1 });
    expect(poisoned.status).toBe(400);
    expect(poisoned.body.error.field).toBe("translations.en");
    expect(
      (await owner.post(base, { name: "Trop", translations: { en: "x".repeat(121) }, cardType: "physical", cardCount: 1 })).status,
    ).toBe(400);

    // The scan screen and the card's journey carry the names; the reader's language picks (nameIn).
    const card = scanOf(await follow((await owner.get(`${base}/${created.body.id}/code?card=3`)).body.url));
    const check = await participant.post("/api/scans/check", card);
    expect(check.body).toMatchObject({ locationName: "Cartes à faire circuler", locationTranslations: { en: "Pass-it-on cards" } });
    const scan = await participant.post("/api/scans", card);
    const journey = (await participant.get(`/api/cards/${scan.body.journeyId}`)).body;
    expect(journey).toMatchObject({ cardName: "Cartes à faire circuler", cardTranslations: { en: "Pass-it-on cards" } });

    // Renamed: the translation follows the form.
    expect(
      (
        await owner.put(`${base}/${created.body.id}`, {
          name: "Cartes à faire circuler",
          translations: {},
          cardType: "portable",
          cardCount: 12,
        })
      ).status,
    ).toBe(204);
    expect((await listed()).translations).toEqual({});
  });

  it("checks a location: name and address, coordinates, a radius of 10 to 1,000 m", async () => {
    const { org, owner } = await ownerOfNewOrganization();
    const path = `/api/organizations/${org.id}/locations`;
    const cases = [
      [{ name: "" }, "name"],
      [{ address: " " }, "address"],
      [{ latitude: undefined }, "latitude"],
      [{ longitude: 200 }, "longitude"],
      [{ radiusMeters: 9 }, "radiusMeters"],
      [{ radiusMeters: 1001 }, "radiusMeters"],
    ] as const;
    for (const [change, field] of cases) {
      const answer = await owner.post(path, { ...locationInput(), ...change }, { "x-kindly-language": "en" });
      expect({ field, status: answer.status, answered: answer.body.error.field }).toEqual({ field, status: 400, answered: field });
    }
    const noCoordinates = await owner.post(path, { ...locationInput(), latitude: undefined });
    expect(noCoordinates.body.error.message).toContain(
      "Please select a location from the address suggestions to get accurate coordinates.",
    );
    for (const radiusMeters of [10, 1000]) expect((await owner.post(path, locationInput({ radiusMeters }))).status).toBe(201);
  });
});

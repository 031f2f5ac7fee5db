import sharp from "sharp";
import { decodeQrPng } from "../../test/documents.js";
import { describe, expect, it } from "vitest";
import { buildOrganization, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("sharing an act on %s", (driver) => {
  const suite = useTestServer(driver);

  it("shows an act's public facts, nothing private, and the username only when its person chose it", async () => {
    const person = await signedInUser(suite.server);
    const codes = await buildOrganization(suite.server.deps.db, { name: "Café Soleil" });
    const scan = await person.client.post("/api/scans", { ...codes.virtual[0]!.code, ...codes.virtual[0]!.at });
    const visitor = suite.client.fresh();
    const shown = await visitor.get(`/api/acts/${scan.body.actNumber}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      actNumber: scan.body.actNumber,
      rarity: scan.body.rarity,
      organizationName: "Café Soleil",
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      cardType: "virtual",
      username: null,
    });
    // No id, email, place or position anywhere in what a visitor gets.
    const text = JSON.stringify(shown.body);
    for (const secret of [person.id, person.username, person.email, String(codes.virtual[0]!.at.lat), "Place 0"])
      expect(text).not.toContain(secret);

    // Named in public once the person chose it in the profile.
    expect((await person.client.request("PATCH", "/api/me", { showOnLeaderboards: true })).status).toBe(200);
    expect((await visitor.get(`/api/acts/${scan.body.actNumber}`)).body.username).toBe(person.username);
    expect((await visitor.get("/api/acts/999999999")).status).toBe(404);
    expect((await visitor.get("/api/acts/0")).status).toBe(400);
  });

  it("draws the story and the link preview as PNG images of their sizes, in the language asked", async () => {
    const person = await signedInUser(suite.server);
    const codes = await buildOrganization(suite.server.deps.db, { name: "Boulangerie Léa" });
    const scan = await person.client.post("/api/scans", codes.physical);
    const visitor = suite.client.fresh();
    for (const [format, width, height] of [
      ["story", 1080, 1920],
      ["preview", 1200, 630],
    ] as const) {
      const response = await fetch(`${suite.server.url}/api/acts/${scan.body.actNumber}/image?format=${format}&lang=fr`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("image/png");
      const png = Buffer.from(await response.arrayBuffer());
      const meta = await sharp(png).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: "png", width, height });
      // Whoever sees it can reach the act: a QR of its page, which a phone reads (ZBar here). The preview's
      // is in its left half, beside the card: that half is not empty.
      const readable =
        format === "preview"
          ? await sharp(png)
              .extract({ left: 0, top: 0, width: width / 2, height })
              .png()
              .toBuffer()
          : png;
      expect(decodeQrPng(readable)).toBe(`${suite.server.deps.config.APP_URL}/acts/${scan.body.actNumber}`);
    }
    expect((await visitor.get(`/api/acts/${scan.body.actNumber}/image?format=poster`)).status).toBe(400);
  });
});

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { TestClient } from "../../test/http-client.js";
import { addMember, buildOrganization, buildUsers, locationInput } from "../../test/factories.js";
import { pdfImages } from "../../test/documents.js";
import { jpegWithGps, photo } from "../../test/images.js";
import { useTestServer } from "../../test/test-server.js";

const logoForm = (body: Buffer, name = "logo.png") => {
  const form = new FormData();
  form.append("logo", new Blob([new Uint8Array(body)]), name);
  return form;
};

describe("an organisation's logo", () => {
  const suite = useTestServer("postgres");

  async function organization() {
    const db = suite.server.deps.db;
    const { org } = await buildOrganization(db, { name: "Café Olimpico", locations: 0 });
    const [owner, member, stranger] = await buildUsers(db, suite.server.deps.auth, 3);
    await addMember(db, org.id, owner!.id, "owner");
    await addMember(db, org.id, member!.id, "business");
    const client = (user: { cookie: string }) => new TestClient(suite.server.url, { cookie: user.cookie });
    return {
      org,
      owner: client(owner!),
      ownerInFrench: new TestClient(suite.server.url, { cookie: owner!.cookie, "x-kindly-language": "fr" }),
      member: client(member!),
      stranger: client(stranger!),
      path: `/api/organizations/${org.id}/logo`,
    };
  }

  it("is re-encoded as a PNG without metadata, shown to anyone and on the map, printed on the poster, replaced and removed", async () => {
    const { org, owner, path } = await organization();
    const saved = await owner.upload(path, logoForm(await jpegWithGps(), "logo.jpg"), "PUT");
    expect(saved.status).toBe(200);
    expect(saved.body.logoUrl).toMatch(new RegExp(`^${path}\\?v=\\d+$`));

    const visitor = new TestClient(suite.server.url);
    const image = await visitor.bytes(saved.body.logoUrl);
    expect(image.headers.get("content-type")).toBe("image/png");
    const metadata = await sharp(image.body).metadata();
    expect(metadata).toMatchObject({ format: "png" });
    expect(metadata.exif).toBeUndefined();
    expect((await owner.get(`/api/organizations/${org.id}`)).body.logoUrl).toBe(saved.body.logoUrl);

    // On the map, beside its places.
    const place = await owner.post(
      `/api/organizations/${org.id}/locations`,
      locationInput({ name: "Café Olimpico", latitude: 45.52, longitude: -73.6 }),
    );
    expect(place.status).toBe(201);
    const map = await visitor.get("/api/map/places?south=45.5&west=-73.7&north=45.55&east=-73.5");
    expect(map.body.places.find((p: { id: string }) => p.id === place.body.id)).toMatchObject({ organizationLogoUrl: saved.body.logoUrl });

    // On the poster (an image the PDF draws), not on the stickers.
    const base = `/api/organizations/${org.id}/locations/${place.body.id}`;
    expect(await pdfImages((await owner.bytes(`${base}/code.pdf?design=poster`)).body)).toHaveLength(1);
    expect(await pdfImages((await owner.bytes(`${base}/code.pdf?design=stickers`)).body)).toHaveLength(0);

    // A new logo replaces the file; removing it leaves none.
    const firstKey = await logoKey(org.id);
    const replaced = await owner.upload(path, logoForm(await photo({ width: 300, height: 200, format: "webp" }), "new.webp"), "PUT");
    expect(replaced.status).toBe(200);
    expect(await suite.server.deps.storage.get(firstKey!)).toBeNull();
    const secondKey = await logoKey(org.id);
    expect((await owner.delete(path)).status).toBe(204);
    expect(await suite.server.deps.storage.get(secondKey!)).toBeNull();
    expect((await owner.get(`/api/organizations/${org.id}`)).body.logoUrl).toBeNull();
    expect((await visitor.bytes(path)).status).toBe(404);
  });

  it("refuses what is not a usable image with a message that says why, and anyone but its owners and admins", async () => {
    const { owner, ownerInFrench, member, stranger, path } = await organization();
    const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const refusals = [
      { body: svg, message: /SVG drawings are not accepted/ },
      { body: Buffer.from("just some text, not a picture"), message: /This file is not an image/ },
      {
        body: await photo({ width: 40, height: 30, format: "png" }),
        message: /too small to print well: its longest side should be at least 64 pixels/,
      },
      { body: Buffer.alloc(5 * 1024 * 1024 + 10, 1), message: /a logo may weigh at most 5 MB/ },
    ];
    for (const { body, message } of refusals) {
      const answer = await owner.upload(path, logoForm(body), "PUT");
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.body.error.message).toMatch(message);
    }
    const french = await ownerInFrench.upload(path, logoForm(svg), "PUT");
    expect(french.body.error.message).toMatch(/Les dessins SVG ne sont pas acceptés/);

    const png = await photo({ width: 200, height: 200, format: "png" });
    expect((await member.upload(path, logoForm(png), "PUT")).status).toBe(403);
    expect((await stranger.upload(path, logoForm(png), "PUT")).status).toBe(403);
    expect((await new TestClient(suite.server.url).upload(path, logoForm(png), "PUT")).status).toBe(401);
    expect((await member.delete(path)).status).toBe(403);
  });

  async function logoKey(organizationId: string) {
    const row = await suite.server.deps.db
      .selectFrom("organizations")
      .select("logo_key")
      .where("id", "=", organizationId)
      .executeTakeFirstOrThrow();
    return row.logo_key;
  }
});

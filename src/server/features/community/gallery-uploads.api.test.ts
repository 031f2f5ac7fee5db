import { readdir } from "node:fs/promises";
import { join } from "node:path";
import exifr from "exifr";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInUser } from "../../test/factories.js";
import { badUploads, jpegWithGps, photo } from "../../test/images.js";
import { startS3Server } from "../../test/s3-server.js";
import { startTestServer, type TestServer } from "../../test/test-server.js";

type Storage = "local disk" | "an S3-compatible server";

function form(fields: Record<string, string>, file?: { body: Buffer; filename: string; type: string }): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  if (file) data.set("photo", new Blob([new Uint8Array(file.body)], { type: file.type }), file.filename);
  return data;
}

async function filesOnDisk(directory: string): Promise<string[]> {
  try {
    return (await readdir(directory, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

// The same uploads on each storage driver (the database is not what is tested here).
describe.each<Storage>(["local disk", "an S3-compatible server"])("gallery uploads on %s", (storage) => {
  let server: TestServer;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;
  const storedFiles = async () => (s3 ? s3.keys() : filesOnDisk(join(server.uploadsDir, "gallery")));

  beforeAll(async () => {
    if (storage === "an S3-compatible server") s3 = await startS3Server();
    server = await startTestServer("postgres", { env: s3?.env });
  });
  afterAll(async () => {
    await server?.close();
    await s3?.close();
  });

  it("refuses every file of the bad-upload corpus with a clear error, storing nothing", async () => {
    const author = await signedInUser(server);
    for (const bad of await badUploads()) {
      const answer = await author.client.upload("/api/gallery/posts", form({ caption: "A kind act" }, bad));
      expect({ file: bad.name, status: answer.status, code: answer.body?.error?.code }).toEqual({
        file: bad.name,
        status: bad.status,
        code: bad.code,
      });
      expect(answer.body.error.message.length).toBeGreaterThan(20);
    }
    expect(await storedFiles()).toEqual([]);
    const posts = await server.deps.db.selectFrom("gallery_posts").select("id").execute();
    expect(posts).toEqual([]);
  });

  it("says which rule a refused upload broke, in the visitor's language", async () => {
    const author = await signedInUser(server);
    const [html, , , tooBig] = await badUploads();
    const french = await fetch(`${server.url}/api/gallery/posts`, {
      method: "POST",
      headers: { cookie: author.client.cookieHeader(), "accept-language": "fr-CA" },
      body: form({ caption: "Un geste" }, tooBig),
    });
    expect((await french.json()).error.message).toContain("10\u00a0Mo");
    const english = await author.client.upload("/api/gallery/posts", form({ caption: "A kind act" }, html));
    expect(english.body.error.message).toMatch(/more than an image/);
    const noPhoto = await author.client.upload("/api/gallery/posts", form({ caption: "A kind act" }));
    expect(noPhoto.body.error).toMatchObject({ code: "invalid_input", field: "photo", message: "photo: Please select a photo first" });
    const noCaption = await author.client.upload(
      "/api/gallery/posts",
      form({ caption: "   " }, { body: await photo(), filename: "a.jpg", type: "image/jpeg" }),
    );
    expect(noCaption.body.error).toMatchObject({
      field: "caption",
      message: "caption: Please describe your act of kindness before sharing",
    });
    expect(await storedFiles()).toEqual([]);
  });

  it("stores a JPEG with GPS as a re-encoded photo with no metadata at all, and a thumbnail", async () => {
    const author = await signedInUser(server);
    const original = await jpegWithGps();
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(45.5086, 3);
    expect((await sharp(original).metadata()).orientation).toBe(6);
    const answer = await author.client.upload(
      "/api/gallery/posts",
      form({ caption: "Coffee for a stranger" }, { body: original, filename: "IMG_0001.JPG", type: "image/jpeg" }),
    );
    expect(answer.status).toBe(201);
    const post = answer.body;
    // Orientation 6 is a quarter turn: the stored photo stands upright, 240 × 320.
    expect(post.image).toMatchObject({ width: 240, height: 320 });
    expect(post.thumbnail.width).toBeLessThanOrEqual(480);

    const image = await author.client.bytes(post.image.url);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    expect(
      await exifr.parse(image.body, { tiff: true, exif: true, gps: true, xmp: true, icc: true, iptc: true, jfif: false }),
    ).toBeUndefined();
    expect(await exifr.gps(image.body)).toBeUndefined();
    const metadata = await sharp(image.body).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();

    const thumbnail = await author.client.bytes(post.thumbnail.url);
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(thumbnail.body).metadata()).format).toBe("webp");
    expect(await storedFiles()).toHaveLength(2);
  });

  it("caps the longest side at 2,048 px, keeps PNG and WebP as they are and turns a GIF into a still PNG", async () => {
    const author = await signedInUser(server);
    const big = await author.client.upload(
      "/api/gallery/posts",
      form({ caption: "Big" }, { body: await photo({ width: 3000, height: 1000 }), filename: "big.jpg", type: "image/jpeg" }),
    );
    expect(big.body.image).toEqual(expect.objectContaining({ width: 2048, height: 683 }));
    for (const [format, type] of [
      ["png", "image/png"],
      ["webp", "image/webp"],
      ["gif", "image/png"],
    ] as const) {
      // The declared type is a lie each time: the server goes by the content.
      const answer = await author.client.upload(
        "/api/gallery/posts",
        form(
          { caption: `A ${format}` },
          { body: await photo({ format, width: 100, height: 80 }), filename: "photo.jpg", type: "application/octet-stream" },
        ),
      );
      expect(answer.status).toBe(201);
      const file = await author.client.bytes(answer.body.image.url);
      expect(file.headers.get("content-type")).toBe(type);
    }
  });

  it("deletes a post's files with the post, and only its author may", async () => {
    const author = await signedInUser(server);
    const other = await signedInUser(server);
    const before = await storedFiles();
    const post = (
      await author.client.upload(
        "/api/gallery/posts",
        form({ caption: "Mine" }, { body: await photo(), filename: "a.jpg", type: "image/jpeg" }),
      )
    ).body;
    expect((await storedFiles()).length).toBe(before.length + 2);
    expect((await other.client.delete(`/api/gallery/posts/${post.id}`)).status).toBe(403);
    expect((await author.client.delete(`/api/gallery/posts/${post.id}`)).status).toBe(204);
    expect(await storedFiles()).toEqual(before);
    expect((await author.client.bytes(post.image.url)).status).toBe(404);
  });
});

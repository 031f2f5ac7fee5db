import { deflateSync, crc32 } from "node:zlib";
import sharp from "sharp";

/*
 * Uploads for the gallery tests: real photos and the files an attacker or a
 * confused browser would send instead.
 */

/** A noisy photo (noise compresses badly, so cutting it leaves a truly incomplete file). */
export async function photo(options: { width?: number; height?: number; format?: "jpeg" | "png" | "webp" | "gif" } = {}): Promise<Buffer> {
  const { width = 640, height = 480, format = "jpeg" } = options;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

/** A PNG of one colour, framed by `border` pixels of white: a plain logo. */
export async function solidPng(options: {
  width: number;
  height: number;
  colour: { r: number; g: number; b: number };
  border?: number;
}): Promise<Buffer> {
  const border = options.border ?? 0;
  const inner = await sharp({
    create: { width: options.width - 2 * border, height: options.height - 2 * border, channels: 3, background: options.colour },
  })
    .png()
    .toBuffer();
  return sharp(inner).extend({ top: border, bottom: border, left: border, right: border, background: "#ffffff" }).png().toBuffer();
}

/** A JPEG shot "in Montréal": EXIF with GPS coordinates, a camera and an orientation. */
export async function jpegWithGps(): Promise<Buffer> {
  return (
    sharp(await photo({ width: 320, height: 240 }))
      .withExif({
        IFD0: { Make: "KindlyCam", Model: "Test 1" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 30/1 3108/100", GPSLongitudeRef: "W", GPSLongitude: "73/1 34/1 204/100" },
      })
      // sharp writes the orientation tag itself (a quarter turn: the camera was held upright).
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer()
  );
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 20,000 × 20,000 one-bit PNG: about 60 KB that would take 1.2 GB to decode as RGB. */
export function decompressionBomb(side = 20_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(side / 8) + 1) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", header),
    pngChunk("IDAT", deflateSync(rows, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** The corpus of uploads that must be refused, each with what it pretends to be. */
export async function badUploads(): Promise<
  { name: string; filename: string; type: string; body: Buffer; status: number; code: string }[]
> {
  const jpeg = await photo();
  const png = await photo({ format: "png", width: 64, height: 64 });
  return [
    {
      name: "an HTML page named .png",
      filename: "cute-cat.png",
      type: "image/png",
      body: Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>"),
      status: 422,
      code: "image_invalid",
    },
    {
      name: "an SVG with a script",
      filename: "badge.svg",
      type: "image/svg+xml",
      body: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
      ),
      status: 422,
      code: "image_invalid",
    },
    {
      name: "a PDF renamed .jpg",
      filename: "receipt.jpg",
      type: "image/jpeg",
      body: Buffer.from(
        "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
      ),
      status: 422,
      code: "image_invalid",
    },
    {
      name: "a file one byte over 10 MB",
      filename: "huge.jpg",
      type: "image/jpeg",
      body: Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - jpeg.length)]),
      status: 413,
      code: "payload_too_large",
    },
    {
      name: "a 20,000 × 20,000-pixel PNG",
      filename: "bomb.png",
      type: "image/png",
      body: decompressionBomb(),
      status: 422,
      code: "image_invalid",
    },
    {
      name: "a truncated JPEG",
      filename: "cut.jpg",
      type: "image/jpeg",
      body: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
      status: 422,
      code: "image_invalid",
    },
    {
      name: "a polyglot (a real PNG that is also a web page)",
      filename: "polyglot.png",
      type: "image/png",
      body: Buffer.concat([png, Buffer.from("<html><script>fetch('/api/me')</script></html>")]),
      status: 422,
      code: "image_invalid",
    },
  ];
}

/** The gallery's upload form: a photo (JPEG bytes) and its fields (a caption, an act). */
export function photoForm(fields: Record<string, string>, body: Buffer): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  form.set("photo", new Blob([new Uint8Array(body)], { type: "image/jpeg" }), "photo.jpg");
  return form;
}

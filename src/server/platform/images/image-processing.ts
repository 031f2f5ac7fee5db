import type { Metadata } from "sharp";
import { AppError } from "../../kernel/app-error.js";

let loaded: Promise<(typeof import("sharp"))["default"]> | undefined;

/** sharp and libvips (about 30 MB) load with the first photo, not at start. */
function loadSharp() {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // One libvips thread per image: photos are processed beside the API's
    // other requests, and the second core stays free for them. No cache:
    // each upload is seen once, and a cache would only hold memory.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/** The longest side of a stored photo, and of its thumbnail. */
export const MAX_SIDE = 2048;
export const THUMBNAIL_SIDE = 480;
/** Larger inputs are refused before decoding (a 20,000 × 20,000 PNG is a decompression bomb). */
export const MAX_INPUT_PIXELS = 50_000_000;

type Format = "jpeg" | "png" | "gif" | "webp";
const OUTPUT_TYPE: Record<Format, string> = { jpeg: "image/jpeg", png: "image/png", gif: "image/png", webp: "image/webp" };
const EXTENSION: Record<Format, string> = { jpeg: "jpg", png: "png", gif: "png", webp: "webp" };

/**
 * Markup that makes a file something else too (a "polyglot"): a page or a
 * script a browser could be talked into running. An image's own bytes never
 * spell these out; re-encoding would drop them, but such a file is refused,
 * so that what was sent is plainly not just a photo.
 */
const MARKUP = /<(?:script|html|body|iframe|svg|object|embed|!doctype)\b|<\?php|javascript:/i;

export interface ProcessedImage {
  image: { body: Buffer; type: string; extension: string; width: number; height: number };
  thumbnail: { body: Buffer; type: "image/webp"; width: number; height: number };
}

const refuse = (messageKey: string, vars?: Record<string, string | number>) => new AppError("image_invalid", { messageKey, vars });

/**
 * Turns an uploaded file into a photo safe to store: only PNG, JPEG, GIF and
 * WebP, judged by their content; rotated upright by its EXIF orientation;
 * re-encoded with no metadata at all (EXIF, GPS, XMP, ICC comments); at most
 * 2,048 px on its longest side; plus a WebP thumbnail. A GIF keeps its first
 * frame, as a PNG. Nothing is written anywhere here.
 */
export async function processPhoto(upload: Buffer): Promise<ProcessedImage> {
  // latin1 maps each byte to one character, so the search sees the raw bytes.
  if (MARKUP.test(upload.toString("latin1"))) throw refuse("imageErrors.moreThanImage");
  // One photo at a time per process (processing-slots.ts, around this call).
  return reencode(await loadSharp(), upload);
}

/**
 * What an upload is, judged by its content (its header, before any pixel is
 * decoded): refused when it is no image, not a format this takes, or more
 * pixels than may be decoded. `messages` names the refusals' texts.
 */
async function inspect(
  sharp: Awaited<ReturnType<typeof loadSharp>>,
  upload: Buffer,
  messages: { notAnImage: string; unsupportedType: string },
): Promise<{ format: Format; width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await sharp(upload, { limitInputPixels: false }).metadata();
  } catch {
    throw refuse(messages.notAnImage);
  }
  const format = metadata.format as string;
  if (!(format in OUTPUT_TYPE)) throw refuse(messages.unsupportedType, { format: format.toUpperCase() });
  const width = metadata.width ?? 0;
  const height = metadata.height ?? 0;
  if (width * height > MAX_INPUT_PIXELS) {
    throw refuse("imageErrors.tooManyPixels", { megapixels: Math.round((width * height) / 1e6), limit: MAX_INPUT_PIXELS / 1e6 });
  }
  return { format: format as Format, width, height };
}

async function reencode(sharp: Awaited<ReturnType<typeof loadSharp>>, upload: Buffer): Promise<ProcessedImage> {
  const { format: typed } = await inspect(sharp, upload, {
    notAnImage: "imageErrors.notAnImage",
    unsupportedType: "imageErrors.unsupportedType",
  });
  try {
    // failOn "truncated": a cut-off file is refused rather than padded with grey.
    const upright = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    const encoded =
      typed === "jpeg"
        ? // libjpeg-turbo, not mozjpeg: mozjpeg's smaller files take twice as long to make.
          upright.jpeg({ quality: 85 })
        : typed === "webp"
          ? upright.webp({ quality: 85 })
          : upright.png({ compressionLevel: 8 });
    const image = await encoded.toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(image.data)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer({ resolveWithObject: true });
    return {
      image: {
        body: image.data,
        type: OUTPUT_TYPE[typed],
        extension: EXTENSION[typed],
        width: image.info.width,
        height: image.info.height,
      },
      thumbnail: { body: thumbnail.data, type: "image/webp", width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw refuse("imageErrors.damaged");
  }
}

/** A logo's longest side once stored: sharp on a poster (8 cm at 300 dpi is about 950 px). */
export const LOGO_SIDE = 1024;
/** Smaller than this would print as a blur. */
export const LOGO_MIN_SIDE = 64;

/**
 * Turns an uploaded logo into a PNG safe to store and print: PNG, JPEG, GIF
 * or WebP judged by content (SVG is refused with its own message: a drawing
 * can carry scripts and links, and Kindly prints images it has decoded
 * itself); no metadata; at most 1,024 px on its longest side; transparency
 * kept. PNG because every PDF reader and pdf-lib take it.
 */
export async function processLogo(upload: Buffer): Promise<{ body: Buffer; width: number; height: number }> {
  const start = upload.subarray(0, 512).toString("latin1").trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg\b/i.test(start) || /^<\?xml/i.test(start)) throw refuse("logoErrors.svg");
  if (MARKUP.test(upload.toString("latin1"))) throw refuse("imageErrors.moreThanImage");
  const sharp = await loadSharp();
  const { width, height } = await inspect(sharp, upload, {
    notAnImage: "logoErrors.notAnImage",
    unsupportedType: "logoErrors.unsupportedType",
  });
  if (Math.max(width, height) < LOGO_MIN_SIDE) throw refuse("logoErrors.tooSmall", { min: LOGO_MIN_SIDE });
  try {
    const png = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "truncated" })
      .rotate()
      .resize({ width: LOGO_SIDE, height: LOGO_SIDE, fit: "inside", withoutEnlargement: true })
      .png({ compressionLevel: 8 })
      .toBuffer({ resolveWithObject: true });
    return { body: png.data, width: png.info.width, height: png.info.height };
  } catch {
    throw refuse("imageErrors.damaged");
  }
}

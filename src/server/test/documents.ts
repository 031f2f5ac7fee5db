import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/*
 * Reading what the app produces with tools it does not use to produce or
 * read it: ZBar (Debian's zbar-tools, a C decoder independent of the jsQR
 * the app's scanner uses) decodes QR codes, pdf.js reads PDFs (text and
 * images). A test then checks what a phone or a printer
 * would get.
 */

/** The text of the QR code in a PNG, by zbarimg, or null when it finds none. */
export function decodeQrPng(png: Buffer): string | null {
  const zbar = spawnSync("zbarimg", ["--raw", "-q", "-"], { input: png, encoding: "utf8" });
  if (zbar.error) throw new Error(`zbarimg could not run (apt-get install zbar-tools): ${zbar.error.message}`);
  // Exit 4: the image holds no code it can read.
  if (zbar.status !== 0) return null;
  return zbar.stdout.replace(/\n$/, "");
}

async function openPdf(pdf: Uint8Array) {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  return { pdfjs, document: await pdfjs.getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise };
}

/** Every page's text, one string per page. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const { document } = await openPdf(pdf);
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join(" "));
  }
  await document.destroy();
  return pages;
}

/** The images drawn on a page, as RGBA, in drawing order. */
export async function pdfImages(pdf: Uint8Array, pageNumber = 1): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }[]> {
  const { pdfjs, document } = await openPdf(pdf);
  const page = await document.getPage(pageNumber);
  const operators = await page.getOperatorList();
  const images = [];
  for (const [i, op] of operators.fnArray.entries()) {
    if (op !== pdfjs.OPS.paintImageXObject) continue;
    const id = operators.argsArray[i][0] as string;
    const image = await new Promise<{ width: number; height: number; data: Uint8ClampedArray; kind: number }>((resolve) =>
      page.objs.get(id, resolve),
    );
    images.push({ width: image.width, height: image.height, rgba: toRgba(image) });
  }
  await document.destroy();
  return images;
}

/** pdf.js hands images over as grey (1 bit), RGB or RGBA. */
function toRgba(image: { width: number; height: number; data: Uint8ClampedArray; kind: number }): Uint8ClampedArray {
  const pixels = image.width * image.height;
  if (image.kind === 3) return image.data;
  const out = new Uint8ClampedArray(pixels * 4);
  for (let p = 0; p < pixels; p += 1) {
    if (image.kind === 2) {
      out.set([image.data[p * 3]!, image.data[p * 3 + 1]!, image.data[p * 3 + 2]!, 255], p * 4);
    } else {
      const row = Math.floor(p / image.width);
      const column = p % image.width;
      const byte = image.data[row * Math.ceil(image.width / 8) + (column >> 3)]!;
      const value = (byte >> (7 - (column & 7))) & 1 ? 255 : 0;
      out.set([value, value, value, 255], p * 4);
    }
  }
  return out;
}

function poppler(tool: "pdffonts" | "pdftotext", args: string[], pdf: Uint8Array): string {
  const run = spawnSync(tool, [...args], { input: Buffer.from(pdf), encoding: "utf8" });
  if (run.error) throw new Error(`${tool} could not run (apt-get install poppler-utils): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr}`);
  return run.stdout;
}

/** The PDF's text as Poppler's pdftotext extracts it (what a reader's search and copy find). */
export function popplerText(pdf: Uint8Array): string {
  return poppler("pdftotext", ["-", "-"], pdf);
}

/**
 * The words of the first page where Poppler finds them (its -bbox output),
 * in PDF points from the page's top; each word's text in the order its
 * glyphs are drawn, left to right (so a Hebrew word comes reversed).
 */
export function popplerWords(pdf: Uint8Array): { text: string; xMin: number; xMax: number; yMin: number; yMax: number }[] {
  const html = poppler("pdftotext", ["-bbox", "-f", "1", "-l", "1", "-", "-"], pdf);
  const entity = (text: string) =>
    text
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, "&");
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.-]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((match) => ({
    xMin: Number(match[1]),
    yMin: Number(match[2]),
    xMax: Number(match[3]),
    yMax: Number(match[4]),
    text: entity(match[5]!),
  }));
}

/** Every font the PDF uses, as Poppler's pdffonts lists it: its name and whether it is embedded. */
export function popplerFonts(pdf: Uint8Array): { name: string; embedded: boolean }[] {
  const lines = poppler("pdffonts", ["-"], pdf).split("\n");
  // Columns after the name: type, encoding, emb, sub, uni, object ID (the last five are fixed words).
  return lines
    .slice(2)
    .filter((line) => line.trim())
    .map((line) => {
      const words = line.trim().split(/\s+/);
      return { name: words[0]!, embedded: words[words.length - 5] === "yes" };
    });
}

/** A page drawn by Poppler at `dpi` as a PNG (for a visual baseline, a colour). */
export function renderPage(pdf: Uint8Array, options: { page?: number; dpi: number }): Buffer {
  const page = String(options.page ?? 1);
  const run = spawnSync("pdftoppm", ["-r", String(options.dpi), "-png", "-singlefile", "-f", page, "-l", page, "-"], {
    input: Buffer.from(pdf),
  });
  if (run.error || run.status !== 0) throw new Error(`pdftoppm failed: ${run.error?.message ?? run.stderr}`);
  return run.stdout;
}

/** The colour printed at a point of the first page, in PDF points from its top-left corner: [r, g, b]. */
export async function pixelOf(pdf: Uint8Array, at: { x: number; y: number }): Promise<[number, number, number]> {
  const { default: sharp } = await import("sharp");
  const { data, info } = await sharp(renderPage(pdf, { dpi: 72 }))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const offset = (Math.round(at.y) * info.width + Math.round(at.x)) * 3;
  return [data[offset]!, data[offset + 1]!, data[offset + 2]!];
}

/**
 * How a phone's camera sees a printed code, modelled: its preview frame is
 * about 1,920 pixels across a 21 cm field (held 15 cm from the paper), so
 * about 90 pixels per centimetre; the code is printed 2 cm across; and a
 * close, hand-held shot is slightly out of focus (a Gaussian blur of 2
 * pixels). Denser codes (the long links printed before issue 30) fail this;
 * a version 3 code passes.
 */
export const CAMERA = { pixelsPerCentimetre: 90, printedCentimetres: 2, blurPixels: 2 };

/**
 * The text of each code on a PDF page as a phone reads it (CAMERA): the page
 * is rendered by Poppler so that a code `qrPoints` wide measures 2 cm at the
 * camera's density, each frame (a card, a sticker, the whole poster: one
 * code in view at a time, as someone aims at one) is cut out, blurred and
 * decoded by ZBar. Null for a frame where it reads nothing.
 */
export async function readAsCamera(
  pdf: Uint8Array,
  layout: { page: number; qrPoints: number; frames: { x: number; y: number; width: number; height: number }[] },
): Promise<(string | null)[]> {
  const { default: sharp } = await import("sharp");
  const folder = mkdtempSync(path.join(tmpdir(), "kindly-camera-"));
  try {
    const file = path.join(folder, "page.pdf");
    writeFileSync(file, pdf);
    const pixelsPerPoint = (CAMERA.pixelsPerCentimetre * CAMERA.printedCentimetres) / layout.qrPoints;
    const render = spawnSync("pdftoppm", [
      "-r",
      (pixelsPerPoint * 72).toFixed(3),
      "-png",
      "-singlefile",
      "-f",
      String(layout.page),
      "-l",
      String(layout.page),
      file,
      path.join(folder, "page"),
    ]);
    if (render.error || render.status !== 0) throw new Error(`pdftoppm failed: ${render.error?.message ?? render.stderr}`);
    const image = sharp(path.join(folder, "page.png"));
    const { height: pageHeight } = await image.metadata();
    const texts: (string | null)[] = [];
    for (const frame of layout.frames) {
      const left = Math.max(0, Math.floor(frame.x * pixelsPerPoint));
      // PDF y goes up from the page's foot; the image's rows go down from its top.
      const top = Math.max(0, Math.floor(pageHeight! - (frame.y + frame.height) * pixelsPerPoint));
      const view = await sharp(path.join(folder, "page.png"))
        .extract({
          left,
          top,
          width: Math.floor(frame.width * pixelsPerPoint),
          height: Math.min(Math.floor(frame.height * pixelsPerPoint), pageHeight! - top),
        })
        .blur(CAMERA.blurPixels)
        .png()
        .toBuffer();
      texts.push(decodeQrPng(view));
    }
    return texts;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

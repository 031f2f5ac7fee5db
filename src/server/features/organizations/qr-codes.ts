import QRCode from "qrcode";
import { SHORT_LINK_PREFIX } from "../../../shared/schemas/scans.js";
import { scanPath } from "./scan-path.js";

/** What a printed code encodes: its short link, plus a portable card's own number. */
export interface PrintedCode {
  org: string;
  loc: string;
  /** The short link's code (/c/<short>). */
  short: string;
  type: "virtual" | "physical" | "portable";
  name: string;
  card?: number;
}

/**
 * The link a code encodes: `${appUrl}/c/<code>[-<card>]`, at most about 40
 * characters, so its QR is a version 3 code (29 modules a side) that a phone
 * reads on a business card. It leads to the long scan link (`longScanPath`).
 */
export function scanLink(appUrl: string, code: PrintedCode): string {
  return `${appUrl}${SHORT_LINK_PREFIX}${code.short}${code.card === undefined ? "" : `-${code.card}`}`;
}

/** The scan page's own address for a code (what codes printed before the short links encode). */
export function longScanPath(code: Omit<PrintedCode, "short">): string {
  const base = scanPath({ org: code.org, loc: code.loc, type: code.type, name: code.name });
  return code.card === undefined ? base : `${base}&card=${code.card}`;
}

// Level M survives a little wear; the quiet zone of 4 modules is what scanners expect.
const options = { errorCorrectionLevel: "M", margin: 4 } as const;

/** A PNG of the code, `width` pixels square (the dialog shows 300 px; downloads are sharper). */
export function qrPng(link: string, width = 1024): Promise<Buffer> {
  return QRCode.toBuffer(link, { ...options, type: "png", width });
}

export function qrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { ...options, type: "svg" });
}

/** The QR version (size) the link's code takes at Kindly's error correction level. */
export function qrVersion(link: string): number {
  return QRCode.create(link, { errorCorrectionLevel: options.errorCorrectionLevel }).version;
}

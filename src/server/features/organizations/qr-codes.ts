import QRCode from "qrcode";
import { scanPath } from "./organization-repository.js";

/** What a printed code encodes: the scan link, plus a portable card's own number. */
export interface PrintedCode {
  org: string;
  loc: string;
  type: "virtual" | "physical" | "portable";
  name: string;
  card?: number;
}

export function scanLink(appUrl: string, code: PrintedCode): string {
  const base = `${appUrl}${scanPath({ org: code.org, loc: code.loc, type: code.type, name: code.name })}`;
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

import type { Kysely } from "kysely";
import { PRINTED_LANGUAGES } from "../../../shared/i18n/languages.js";
import { DESIGNS_BY_SOURCE, type Paper, type PrintDesign, type QrLink } from "../../../shared/schemas/organizations.js";
import { SHORT_CODE_PATTERN } from "../../../shared/schemas/scans.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { findCardSeriesCode } from "./card-series-repository.js";
import { findLocationCode } from "./locations-repository.js";
import { findCodeByShortCode, markKitPrinted, renewedCode, updateCodeSource, type CodeSource } from "./organization-repository.js";
import { requireOrganizationAccess } from "./organization-access.js";
import { readLogo } from "./logo-service.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import type { PrintJob } from "./print-kit/index.js";
import { longScanPath, qrPng, qrSvg, scanLink, type PrintedCode } from "./qr-codes.js";

/** The print kit's designs, loaded with the first PDF asked for: the PDF stack (pdf-lib, fontkit) stays off the server's start. */
export const loadPrintKit = () => import("./print-kit/index.js");

export type { CodeSource };
export type CodeFormat = "png" | "svg" | "pdf";

/** A portable series' PDF holds at most this many numbered codes (ten pages of cards). */
export const CARDS_PER_SHEET = 100;

async function findCode(db: Kysely<DB>, source: CodeSource, organizationId: string, id: string) {
  if (source === "location") {
    const row = await findLocationCode(db, organizationId, id);
    if (!row) throw new AppError("not_found");
    const code: PrintedCode = { org: row.org_code, loc: row.qr_token, short: row.short_code, type: "virtual", name: row.name };
    return { code, organizationName: row.organization_name, radiusMeters: row.scan_radius_m, cardCount: 0, acts: Number(row.acts) };
  }
  const row = await findCardSeriesCode(db, organizationId, id);
  if (!row) throw new AppError("not_found");
  const code: PrintedCode = { org: row.org_code, loc: row.qr_token, short: row.short_code, type: row.card_type, name: row.name };
  return { code, organizationName: row.organization_name, radiusMeters: 0, cardCount: row.card_count, acts: null };
}

/** A portable card's number must be one that was printed. */
function withCard(code: PrintedCode, cardCount: number, card: number | undefined): PrintedCode {
  if (code.type !== "portable") return code;
  const number = card ?? 1;
  if (number > cardCount) throw new AppError("not_found");
  return { ...code, card: number };
}

/** The exact link the code encodes (for a portable series, card `card`, 1 by default). */
export async function codeLink(
  deps: { db: Kysely<DB>; appUrl: string },
  userId: string,
  source: CodeSource,
  organizationId: string,
  id: string,
  card?: number,
): Promise<QrLink> {
  await requireOrganizationAccess(deps.db, userId, organizationId, "view");
  const found = await findCode(deps.db, source, organizationId, id);
  const code = withCard(found.code, found.cardCount, card);
  return { url: scanLink(deps.appUrl, code), name: code.name, type: code.type };
}

export interface CodeFile {
  body: Buffer | string | Uint8Array;
  contentType: string;
  fileName: string;
}

const fileSafe = (name: string) =>
  name
    .normalize("NFKD")
    // "é" is "e" and an accent once decomposed: the accent goes, the letter stays.
    .replace(/\p{M}/gu, "")
    .replace(/[^\w-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60) || "kindly";

/**
 * The code as an image (PNG, SVG) or a print kit design as a PDF: a place's
 * poster, table tent or stickers; a card series' cards or stickers, a
 * portable series' numbered from `from` on (at most CARDS_PER_SHEET).
 */
export async function codeFile(
  deps: { db: Kysely<DB>; appUrl: string; storage: FileStorage },
  userId: string,
  request: {
    source: CodeSource;
    organizationId: string;
    id: string;
    format: CodeFormat;
    paper: Paper;
    design?: PrintDesign;
    card?: number;
    from?: number;
    /** Made to be looked at on screen, not printed. */
    preview?: boolean;
  },
): Promise<CodeFile> {
  await requireOrganizationAccess(deps.db, userId, request.organizationId, "view");
  const found = await findCode(deps.db, request.source, request.organizationId, request.id);
  const base = `kindly-${fileSafe(found.code.name)}`;
  if (request.format !== "pdf") {
    const code = withCard(found.code, found.cardCount, request.card);
    const link = scanLink(deps.appUrl, code);
    const name = code.card ? `${base}-${code.card}` : base;
    return request.format === "png"
      ? { body: await qrPng(link), contentType: "image/png", fileName: `${name}.png` }
      : { body: await qrSvg(link), contentType: "image/svg+xml", fileName: `${name}.svg` };
  }
  const designs: readonly PrintDesign[] = DESIGNS_BY_SOURCE[request.source === "location" ? "locations" : "card-series"];
  const design = request.design ?? designs[0]!;
  // A design this kind of code does not print as (a poster for a series of cards) does not exist for it.
  if (!designs.includes(design)) throw new AppError("not_found");
  let codes: PrintJob["codes"];
  let range = "";
  if (found.code.type === "portable") {
    const from = request.from ?? 1;
    if (from > found.cardCount) throw new AppError("not_found");
    const last = Math.min(found.cardCount, from + CARDS_PER_SHEET - 1);
    codes = Array.from({ length: last - from + 1 }, (_, i) => ({
      link: scanLink(deps.appUrl, { ...found.code, card: from + i }),
      card: from + i,
    }));
    range = `-${from}-${last}`;
  } else {
    codes = [{ link: scanLink(deps.appUrl, found.code), card: null }];
  }
  const logo = await readLogo(deps, request.organizationId);
  const { DESIGNS, printPalette } = await loadPrintKit();
  const body = await DESIGNS[design]({
    paper: request.paper,
    organizationName: found.organizationName,
    name: found.code.name,
    type: found.code.type,
    radiusMeters: found.radiusMeters,
    codes,
    // Stickers are all code: the logo goes on the others.
    logo: design === "stickers" ? null : logo,
    palette: await printPalette(logo),
    actsHere: found.acts,
    printedAt: new Date(),
    // What signs in Québec print, French first (Charter of the French language).
    languages: PRINTED_LANGUAGES,
  });
  // Downloaded, so printed as far as the set-up checklist can know (the dialog's preview is not).
  if (!request.preview) await markKitPrinted(deps.db, request.organizationId);
  return { body, contentType: "application/pdf", fileName: `${base}-${design}${range}.pdf` };
}

/** A new code: links printed before stop working (invalid_qr). */
export async function renewCode(db: Kysely<DB>, userId: string, source: CodeSource, organizationId: string, id: string): Promise<void> {
  await requireOrganizationAccess(db, userId, organizationId, "operate");
  if (!(await updateCodeSource(db, source, organizationId, id, renewedCode()))) throw new AppError("not_found");
}

/**
 * Where a short link (/c/<code>, /c/<code>-<card>) leads: the scan page for
 * that code, or null when no code has it (a renewed code's old prints) or the
 * card number was never printed.
 */
export async function resolveShortLink(db: Kysely<DB>, value: string): Promise<string | null> {
  const match = SHORT_CODE_PATTERN.exec(value);
  if (!match) return null;
  const row = await findCodeByShortCode(db, match[1]!);
  if (!row) return null;
  const card = match[2] === undefined ? undefined : Number(match[2]);
  // A card number only on a portable series' link, and only one that was printed.
  if ((row.type === "portable") !== (card !== undefined) || (card !== undefined && card > row.card_count)) return null;
  return longScanPath({ org: row.org_code, loc: row.qr_token, type: row.type, name: row.name, card });
}

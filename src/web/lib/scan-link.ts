import {
  CARD_NUMBER_PARAM,
  CARD_TYPES,
  MAX_CARD_NUMBER,
  SCAN_LINK_PARAMS,
  SHORT_CODE_PATTERN,
  SHORT_LINK_PREFIX,
  type CardType,
  type ScanCode,
} from "../../shared/schemas/scans.js";

// A printed code's link (/scan-qr?org&loc&type&name[&card]), read wherever
// one arrives: the scan page, the camera scanner, a launch link, the handoff pages.

export type ScanLink = ScanCode & { name: string };

/**
 * The four parameters of a printed code (and a portable card's number), or
 * null when any is missing, the type is unknown or the card number is not one.
 */
export function parseScanLink(params: URLSearchParams): ScanLink | null {
  const values = SCAN_LINK_PARAMS.map((key) => params.get(key)?.trim() ?? "");
  if (values.some((value) => !value)) return null;
  const [org, loc, type, name] = values as [string, string, string, string];
  if (!CARD_TYPES.includes(type as CardType)) return null;
  const cardParam = params.get(CARD_NUMBER_PARAM);
  if (cardParam === null) return { org, loc, type: type as CardType, name };
  const card = Number(cardParam);
  if (!/^\d+$/.test(cardParam) || card < 1 || card > MAX_CARD_NUMBER) return null;
  return { org, loc, type: type as CardType, name, card };
}

/** What the server is sent about a link: everything but the name, which is only shown. */
export function scanCodeOf(link: ScanLink): ScanCode {
  return { org: link.org, loc: link.loc, type: link.type, ...(link.card === undefined ? {} : { card: link.card }) };
}

/** The path every printed Kindly code links to. */
export const SCAN_PATH = "/scan-qr";

export type ScannedText =
  /** `fullPage`: a short link, which the server turns into the scan page's address (a page load, not a route). */
  | { kind: "kindly"; path: string; fullPage: boolean }
  | { kind: "not-a-link" }
  | { kind: "other-site"; host: string }
  | { kind: "not-a-code" };

/**
 * What the camera read, judged: only a link of this Kindly (same origin, and
 * either a printed code's short link or the scan path with the four
 * parameters) opens the scan page; anything else is told apart, so the
 * person hears why nothing happened.
 */
export function judgeScannedText(text: string, origin: string): ScannedText {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { kind: "not-a-link" };
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return { kind: "not-a-link" };
  if (url.origin !== origin) return { kind: "other-site", host: url.host };
  if (url.pathname.startsWith(SHORT_LINK_PREFIX) && SHORT_CODE_PATTERN.test(url.pathname.slice(SHORT_LINK_PREFIX.length))) {
    return { kind: "kindly", path: url.pathname, fullPage: true };
  }
  if (url.pathname !== SCAN_PATH || !parseScanLink(url.searchParams)) return { kind: "not-a-code" };
  return { kind: "kindly", path: `${SCAN_PATH}${url.search}`, fullPage: false };
}

/**
 * A link opened at the home page with a printed code's four parameters (an
 * app's deep link turned into a web address) belongs on the scan page, with
 * the same parameters; null when it is anything else.
 */
export function deepLinkTarget(pathname: string, search: string): string | null {
  if (pathname !== "/") return null;
  const params = new URLSearchParams(search);
  const link = parseScanLink(params);
  if (!link) return null;
  const target = new URLSearchParams({ org: link.org, loc: link.loc, type: link.type, name: link.name });
  if (link.card !== undefined) target.set("card", String(link.card));
  return `${SCAN_PATH}?${target.toString()}`;
}

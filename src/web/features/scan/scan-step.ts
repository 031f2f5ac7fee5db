import {
  CARD_NUMBER_PARAM,
  CARD_TYPES,
  MAX_CARD_NUMBER,
  SCAN_LINK_PARAMS,
  type CardType,
  type ScanCheck,
  type ScanCode,
} from "../../../shared/schemas/scans.js";
import type { PositionError, PositionState } from "../../lib/use-device-position.js";

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

/** What the scan page shows, in the order a visit goes through it. */
export type ScanStep =
  | { kind: "invalid-link" }
  | { kind: "verifying-session" }
  | { kind: "sign-in-first" }
  | { kind: "checking" }
  | { kind: "refused"; error: unknown }
  | { kind: "share-location"; check: ScanCheck; locating: boolean; error: PositionError | null }
  | { kind: "card"; check: ScanCheck };

export interface ScanPageState {
  link: ScanLink | null;
  session: { isLoading: boolean; signedIn: boolean };
  check: { isPending: boolean; error: unknown; data: ScanCheck | undefined };
  record: { error: unknown };
  position: PositionState;
}

/**
 * The scan page's state machine: a bad link stops everything; a visitor signs
 * in first (and comes back to the same code); the server's check may refuse
 * before any card is shown; a virtual code needs the device's position; then
 * the card, which the person opens to record the act. A refusal of the
 * recording itself is shown like one of the check.
 */
export function scanStep({ link, session, check, record, position }: ScanPageState): ScanStep {
  if (!link) return { kind: "invalid-link" };
  if (session.isLoading) return { kind: "verifying-session" };
  if (!session.signedIn) return { kind: "sign-in-first" };
  if (check.isPending) return { kind: "checking" };
  if (check.error) return { kind: "refused", error: check.error };
  if (record.error) return { kind: "refused", error: record.error };
  const ready = check.data!;
  if (ready.type === "virtual" && position.status !== "ready") {
    return {
      kind: "share-location",
      check: ready,
      locating: position.status === "locating",
      error: position.status === "error" ? position.error : null,
    };
  }
  return { kind: "card", check: ready };
}

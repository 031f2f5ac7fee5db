import type { ScanCheck } from "../../../shared/schemas/scans.js";
import type { ScanLink } from "../../lib/scan-link.js";
import type { PositionError, PositionState } from "../../lib/use-device-position.js";

/** What the scan page shows, in the order a visit goes through it. */
export type ScanStep =
  | { kind: "invalid-link" }
  | { kind: "verifying-session" }
  | { kind: "keep-for-later"; link: ScanLink }
  | { kind: "checking" }
  | { kind: "refused"; error: unknown }
  | { kind: "share-location"; check: ScanCheck; locating: boolean; error: PositionError | null }
  | { kind: "too-far"; check: ScanCheck; distance: number; radius: number }
  | { kind: "card"; check: ScanCheck };

export interface ScanPageState {
  link: ScanLink | null;
  session: { isLoading: boolean; signedIn: boolean };
  check: { isPending: boolean; error: unknown; data: ScanCheck | undefined };
  record: { error: unknown };
  position: PositionState;
}

/**
 * The scan page's state machine: a bad link stops everything; a visitor's
 * scan is kept for after sign-up or sign-in (keep-scan.tsx); the server's check may refuse
 * before any card is shown; a virtual code needs the device's position; then
 * the card, which the person opens to record the act. A position outside the
 * place's radius is said at once, before any card: the check is asked again
 * with the position, and answers with the distance (the server decides again
 * when the act is recorded). A refusal of the
 * recording itself is shown like one of the check.
 */
export function scanStep({ link, session, check, record, position }: ScanPageState): ScanStep {
  if (!link) return { kind: "invalid-link" };
  if (session.isLoading) return { kind: "verifying-session" };
  if (!session.signedIn) return { kind: "keep-for-later", link };
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
  // The server measured the distance from the shared position (it never says where the place is).
  if (ready.proximity && ready.proximity.distanceMeters > 0) {
    return { kind: "too-far", check: ready, distance: ready.proximity.distanceMeters, radius: ready.proximity.radiusMeters };
  }
  return { kind: "card", check: ready };
}

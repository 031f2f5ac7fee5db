import { distanceOutsideRadius } from "../../../shared/acts/distance.js";
import { dailyLimitVars, mayRecordAnotherToday } from "../../../shared/acts/daily-limit.js";
import type { ScanCode, ScanRequest } from "../../../shared/schemas/scans.js";
import { AppError } from "../../kernel/app-error.js";
import type { ErrorCode } from "../../../shared/errors.js";
import { issuedCodeFromRow, type IssuedCode } from "./scan-code-repository.js";
import type { ScanContext } from "./scan-repository.js";
import { isImpossibleTravel, travelBetween } from "./travel.js";

/*
 * The scan's rules, in the order a scan meets them (SCAN_RULES below, and
 * docs/design.md, "A scan, from tap to number"). Each is decided here, on one
 * consistent read of the code and the person (`readScanContext`,
 * scan-repository.ts), by `judgeScan`; the first that refuses answers.
 *
 * The scan page's check before it shows the card (`checkScan`) asks the same
 * rules, in the same order, with rule 2 measuring the distance instead of
 * refusing; it records nothing and flags nothing.
 *
 * What an allowed scan then changes (totals, the streak, achievements, a
 * contest's tickets, the act's rarity and number) is scan-service.ts's
 * `recordScan` and the database function `record_acts`
 * (features/scan/sql/record-acts.ts), which checks again, under the
 * person's lock, only what another act of theirs could have changed since
 * the read: rule 5, and the read's version (if it moved, the scan is judged
 * again). Rules 4's unique indexes back it up against any race.
 */

/**
 * The scan's rules by number, each with the refusals it answers, in the order
 * `judgeScan` applies them: the one list the tests (scan-rules.test.ts: the
 * order, and each refusal's words in every language) and the numbers in this
 * folder's comments follow.
 */
export const SCAN_RULES = [
  { rule: 1, says: "the code is one Kindly issued, still in use", refusals: ["invalid_qr", "location_not_found"] },
  { rule: 2, says: "a place's code: a position inside its radius", refusals: ["location_required", "out_of_range"] },
  { rule: 3, says: "no impossible travel since the last positioned act (flagged for review)", refusals: ["impossible_travel"] },
  {
    rule: 4,
    says: "a place once a day; a card once per organisation, ever",
    refusals: ["already_scanned_location_today", "already_scanned_organisation"],
    // Against a race, the acts' unique indexes (migration 0002) hold it too.
    heldAgain: { by: "unique indexes", names: ["acts_one_virtual_per_location_day", "acts_one_card_per_organization"] },
  },
  {
    rule: 5,
    says: "at most DAILY_SCAN_LIMIT acts a New York day",
    refusals: ["daily_limit_reached"],
    // Another act of the person's may have counted since the read: record_acts checks it again under their lock.
    heldAgain: { by: "record_acts", status: "daily_limit" },
  },
] as const satisfies readonly {
  rule: number;
  says: string;
  refusals: readonly ErrorCode[];
  /** What must be atomic is checked again in the database, named there by this rule's number. */
  heldAgain?: { by: "record_acts"; status: string } | { by: "unique indexes"; names: readonly string[] };
}[];

/** Rule 1: the code as Kindly issued it, still in use; otherwise the refusal a scan gets. */
export function usableCode(issued: IssuedCode | null): IssuedCode {
  if (!issued) throw new AppError("invalid_qr");
  const active = issued.type === "virtual" ? issued.location.isActive : issued.cardSeries.isActive;
  if (!active) throw new AppError("location_not_found");
  return issued;
}

/** Rule 2: a place's code needs a position inside its radius (cards need none). */
export function assertInRange(issued: IssuedCode, request: Pick<ScanRequest, "lat" | "lon">): void {
  if (issued.type !== "virtual") return;
  if (request.lat === undefined || request.lon === undefined) throw new AppError("location_required");
  const distance = distanceOutsideRadius({ lat: request.lat, lon: request.lon }, issued.location);
  if (distance !== null) {
    throw new AppError("out_of_range", {
      vars: { distance, radius: issued.location.radiusMeters },
      details: { distanceMeters: distance, radiusMeters: issued.location.radiusMeters },
    });
  }
}

/** Rule 4's refusal, as the code's kind words it. */
export function alreadyScanned(issued: IssuedCode): AppError {
  return new AppError(issued.type === "virtual" ? "already_scanned_location_today" : "already_scanned_organisation");
}

/** How far outside a place's radius the position given is (0 inside it), and the radius. */
export interface Proximity {
  distanceMeters: number;
  radiusMeters: number;
}

export type ScanJudgement =
  /** `proximity`: when advising, a place's code given a position (null otherwise). */
  | { allowed: true; issued: IssuedCode; proximity: Proximity | null }
  /** `travel`: the journey rule 3 refused, for the official account's review. */
  | { allowed: false; refusal: AppError; travel?: { distanceKm: number; speedKmh: number } };

/**
 * Rules 1 to 5 on the scan's read, in order: the first refusal, or the code
 * the act will record. `purpose`: "record" for a scan (rule 2 refuses a place's
 * code without a position inside its radius), "advise" for the check the scan
 * page makes before it shows the card (`checkScan`), where rule 2 measures
 * instead: the page asks for the position, or says how far the place is.
 */
export function judgeScan(
  context: ScanContext,
  request: ScanCode & Pick<ScanRequest, "lat" | "lon">,
  now: Date,
  purpose: "record" | "advise" = "record",
): ScanJudgement {
  let issued: IssuedCode;
  try {
    issued = usableCode(issuedCodeFromRow(context.code, request));
    if (purpose === "record") assertInRange(issued, request);
  } catch (refusal) {
    if (refusal instanceof AppError) return { allowed: false, refusal };
    throw refusal;
  }
  const proximity =
    purpose === "advise" && issued.type === "virtual" && request.lat !== undefined && request.lon !== undefined
      ? {
          distanceMeters: distanceOutsideRadius({ lat: request.lat, lon: request.lon }, issued.location) ?? 0,
          radiusMeters: issued.location.radiusMeters,
        }
      : null;
  if (request.lat !== undefined && request.lon !== undefined && context.lastPosition) {
    const next = { lat: request.lat, lon: request.lon, at: now };
    if (isImpossibleTravel(context.lastPosition, next)) {
      return { allowed: false, refusal: new AppError("impossible_travel"), travel: travelBetween(context.lastPosition, next) };
    }
  }
  if (context.duplicate) return { allowed: false, refusal: alreadyScanned(issued) };
  if (!mayRecordAnotherToday(context.scansToday))
    return { allowed: false, refusal: new AppError("daily_limit_reached", { vars: dailyLimitVars }) };
  return { allowed: true, issued, proximity };
}

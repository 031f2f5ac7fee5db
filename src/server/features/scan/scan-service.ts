import { randomInt, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { distanceOutsideRadius } from "../../../shared/acts/distance.js";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { RARITY_DRAW_RANGE, rarityForDraw } from "../../../shared/acts/rarity.js";
import { streakAfterActOn, streaksFromDays } from "../../../shared/acts/streaks.js";
import { DAILY_SCAN_LIMIT, dailyLimitVars, mayRecordAnotherToday } from "../../../shared/acts/daily-limit.js";
import { cardJourneyId } from "../../../shared/schemas/cards.js";
import type { ScanCheck, ScanCheckRequest, ScanCode, ScanRequest, ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../http/app-error.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import { findIssuedCode, type IssuedCode } from "./scan-code-repository.js";
import { pseudonymFor } from "./pseudonym.js";
import type { ActNumbering } from "./act-numbering.js";
import * as repo from "./scan-repository.js";
import { isImpossibleTravel, travelBetween } from "./travel.js";
import { flagImpossibleTravel } from "../anomalies/index.js";

/** The code as Kindly issued it, still in use; otherwise the refusal a scan gets. */
export async function issuedCodeOrThrow(db: Kysely<DB>, code: ScanCode): Promise<IssuedCode> {
  const issued = await findIssuedCode(db, code);
  if (!issued) throw new AppError("invalid_qr");
  const active = issued.type === "virtual" ? issued.location.isActive : issued.cardSeries.isActive;
  if (!active) throw new AppError("location_not_found");
  return issued;
}

function alreadyScanned(issued: IssuedCode): AppError {
  return new AppError(issued.type === "virtual" ? "already_scanned_location_today" : "already_scanned_organisation");
}

/**
 * What the scan screen needs before the card is opened, and whether the scan
 * would be refused (already scanned, daily limit). Records nothing.
 */
export async function checkScan(db: Kysely<DB>, userId: string, code: ScanCheckRequest, now = new Date()): Promise<ScanCheck> {
  const issued = await issuedCodeOrThrow(db, code);
  const day = newYorkDay(now);
  // Two plain reads: the answer is advice, the scan itself decides under its locks.
  const [duplicate, scansToday] = await Promise.all([
    issued.type === "virtual"
      ? repo.hasVirtualActToday(db, userId, issued.location.id, day)
      : repo.hasCardActAt(db, userId, issued.organization.id),
    repo.scansOnDay(db, userId, day),
  ]);
  if (duplicate) throw alreadyScanned(issued);
  if (!mayRecordAnotherToday(scansToday)) throw new AppError("daily_limit_reached", { vars: dailyLimitVars });
  return {
    status: "ready",
    organizationName: issued.organization.name,
    locationName: issued.type === "virtual" ? issued.location.name : issued.cardSeries.name,
    type: issued.type,
    proximity:
      issued.type === "virtual" && code.lat !== undefined && code.lon !== undefined
        ? {
            distanceMeters: distanceOutsideRadius({ lat: code.lat, lon: code.lon }, issued.location) ?? 0,
            radiusMeters: issued.location.radiusMeters,
          }
        : null,
  };
}

/** The rules of a virtual code that need no database: a position, inside the radius. */
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

export interface RecordScanOptions {
  db: Kysely<DB>;
  numbering: ActNumbering;
  userId: string;
  request: ScanRequest;
  now?: Date;
  /**
   * Runs first under the user's lock, in the act's transaction: a pending
   * scan is spent there (pending-scan-service.ts), so a refused act keeps it
   * and two claims racing record one act.
   */
  claim?: (trx: Transaction<DB>, actId: string) => Promise<void>;
}

/**
 * Records one act, holding every per-user rule of docs/design.md §3 in a
 * single transaction under the user's lock: the daily limit, one virtual scan
 * per location per day, one card per organisation ever, a cryptographic rarity,
 * contest tickets, achievements and streaks. After the commit, the numbering
 * step gives the act its gapless number (and counts what all scans share);
 * the response waits for it.
 */
export async function recordScan({ db, numbering, userId, request, now = new Date(), claim }: RecordScanOptions): Promise<ScanSuccess> {
  const issued = await issuedCodeOrThrow(db, request);
  assertInRange(issued, request);
  const day = newYorkDay(now);
  const rarity = rarityForDraw(randomInt(RARITY_DRAW_RANGE));
  const actId = randomUUID();
  const periods = periodKeys(day);

  let refusedTravel: ReturnType<typeof travelBetween> | null = null;
  const recorded = await db
    .transaction()
    .execute(async (trx) => {
      await repo.lockUser(trx, userId);
      await claim?.(trx, actId);
      // Under the lock: two scans racing from two cities are judged one after the other.
      if (request.lat !== undefined && request.lon !== undefined) {
        const previous = await repo.lastPositionedAct(trx, userId);
        const next = { lat: request.lat, lon: request.lon, at: now };
        if (previous && isImpossibleTravel(previous, next)) {
          refusedTravel = travelBetween(previous, next);
          throw new AppError("impossible_travel");
        }
      }
      const {
        claimed,
        duplicate,
        totals: before,
      } = await repo.claimScanAndReadTotals(trx, {
        userId,
        day,
        dailyLimit: DAILY_SCAN_LIMIT,
        duplicate:
          issued.type === "virtual"
            ? { type: "virtual", locationId: issued.location.id }
            : { type: "card", organizationId: issued.organization.id },
      });
      if (duplicate) throw alreadyScanned(issued);
      if (!claimed) throw new AppError("daily_limit_reached", { vars: dailyLimitVars });
      // A scan stamped before the user's last act day (two scans racing across
      // midnight, the later one first) cannot be folded into the streak:
      // recount it from every day the user scanned.
      const outOfOrder = before.streak.lastDay !== null && day < before.streak.lastDay;
      const after = {
        ...before,
        totalActs: before.totalActs + 1,
        platinum: before.platinum + (rarity === "platinum" ? 1 : 0),
        streak: outOfOrder ? streaksFromDays(await repo.readScanDays(trx, userId)) : streakAfterActOn(before.streak, day),
      };
      return repo.insertActWithUserTotals(trx, {
        act: {
          id: actId,
          user_id: userId,
          organization_id: issued.organization.id,
          location_id: issued.type === "virtual" ? issued.location.id : null,
          card_series_id: issued.type === "virtual" ? null : issued.cardSeries.id,
          card_number: issued.type === "virtual" ? null : issued.cardNumber,
          card_type: issued.type,
          // The app's clock, as for the day: the act's day is always its New York day.
          scanned_at: now,
          scan_day: day,
          rarity,
          user_pseudo: pseudonymFor(userId),
          country: before.country,
          latitude: request.lat ?? null,
          longitude: request.lon ?? null,
          client_timestamp: request.clientTimestamp ?? null,
        },
        totals: after,
        periods: [periods.all, periods.year, periods.month],
        withKindMessage: issued.type === "virtual",
      });
    })
    .catch(async (error: unknown) => {
      // The unique indexes back up the rules; a race they catch is still a duplicate.
      if (isUniqueViolation(error)) throw alreadyScanned(issued);
      // Refused, and flagged for the official account's review (after the rollback, so it stays).
      if (refusedTravel) await flagImpossibleTravel(db, userId, now, refusedTravel);
      throw error;
    });

  const actNumber = await numbering.numberOf(actId);
  return {
    status: "success",
    actId,
    actNumber,
    rarity,
    organizationName: issued.organization.name,
    kindMessage: recorded.kindMessage,
    newAchievements: recorded.newAchievements,
    ticketsIn: recorded.ticketsIn,
    journeyId: issued.type === "portable" ? cardJourneyId(issued.cardSeries.id, issued.cardNumber) : null,
  };
}

import { randomInt, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { distanceMeters } from "../../../shared/acts/distance.js";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { RARITY_DRAW_RANGE, rarityForDraw } from "../../../shared/acts/rarity.js";
import { streakAfterActOn } from "../../../shared/acts/streaks.js";
import { DAILY_SCAN_LIMIT, type Language } from "../../../shared/constants.js";
import type { ScanCheck, ScanCode, ScanRequest, ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB } from "../../db/schema.js";
import { AppError } from "../../http/app-error.js";
import { isUniqueViolation } from "../profile/profile-repository.js";
import { findIssuedCode, type IssuedCode } from "./scan-codes.js";
import { pseudonymFor } from "./pseudonym.js";
import * as repo from "./scan-repository.js";

async function issuedCodeOrThrow(db: Kysely<DB>, code: ScanCode): Promise<IssuedCode> {
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
export async function checkScan(db: Kysely<DB>, userId: string, code: ScanCode, now = new Date()): Promise<ScanCheck> {
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
  if (scansToday >= DAILY_SCAN_LIMIT) throw new AppError("daily_limit_reached", { vars: { limit: DAILY_SCAN_LIMIT } });
  return {
    status: "ready",
    organizationName: issued.organization.name,
    locationName: issued.type === "virtual" ? issued.location.name : issued.cardSeries.name,
    type: issued.type,
    location:
      issued.type === "virtual"
        ? { lat: issued.location.lat, lon: issued.location.lon, radiusMeters: issued.location.radiusMeters }
        : null,
  };
}

/** The rules of a virtual code that need no database: a position, inside the radius. */
function assertInRange(issued: IssuedCode, request: ScanRequest): void {
  if (issued.type !== "virtual") return;
  if (request.lat === undefined || request.lon === undefined) throw new AppError("location_required");
  const distance = distanceMeters({ lat: request.lat, lon: request.lon }, issued.location);
  if (distance > issued.location.radiusMeters) {
    throw new AppError("out_of_range", {
      vars: { distance: Math.round(distance), radius: issued.location.radiusMeters },
      details: { distanceMeters: Math.round(distance), radiusMeters: issued.location.radiusMeters },
    });
  }
}

export interface RecordScanOptions {
  db: Kysely<DB>;
  eventsChannel: string;
  userId: string;
  language: Language;
  request: ScanRequest;
  now?: Date;
}

/**
 * Records one act, holding every rule of DESIGN.md section 3 in a single
 * transaction: the daily limit, one virtual scan per location per day, one
 * card per organisation ever, gapless act numbers, a cryptographic rarity,
 * contest tickets, achievements and streaks.
 */
export async function recordScan({ db, eventsChannel, userId, language, request, now = new Date() }: RecordScanOptions): Promise<ScanSuccess> {
  const issued = await issuedCodeOrThrow(db, request);
  assertInRange(issued, request);
  const day = newYorkDay(now);
  const rarity = rarityForDraw(randomInt(RARITY_DRAW_RANGE));
  const actId = randomUUID();
  const pseudonym = pseudonymFor(userId);
  const periods = periodKeys(day);

  const recorded = await db
    .transaction()
    .execute(async (trx) => {
      if (!(await repo.claimDailyScan(trx, userId, day))) {
        throw new AppError("daily_limit_reached", { vars: { limit: DAILY_SCAN_LIMIT } });
      }
      const duplicate =
        issued.type === "virtual"
          ? await repo.hasVirtualActToday(trx, userId, issued.location.id, day)
          : await repo.hasCardActAt(trx, userId, issued.organization.id);
      if (duplicate) throw alreadyScanned(issued);

      const before = await repo.readUserTotals(trx, userId);
      const after = {
        ...before,
        totalActs: before.totalActs + 1,
        platinum: before.platinum + (rarity === "platinum" ? 1 : 0),
        streak: streakAfterActOn(before.streak, day),
      };
      await repo.saveUserTotals(trx, userId, after, rarity);
      await repo.moveInHistogram(trx, before.totalActs);
      const periodKeys = [periods.all, periods.year, periods.month];
      await repo.countForLeaderboards(trx, [{ scope: "individual", subjectId: userId }], periodKeys);
      await repo.addContestTickets(trx, userId);
      const newAchievements = await repo.awardAchievements(trx, userId, after);
      const { actNumber } = await repo.finishAct(trx, {
        act: {
          id: actId,
          user_id: userId,
          organization_id: issued.organization.id,
          location_id: issued.type === "virtual" ? issued.location.id : null,
          card_series_id: issued.type === "virtual" ? null : issued.cardSeries.id,
          card_type: issued.type,
          scan_day: day,
          rarity,
          user_pseudo: pseudonym,
          latitude: request.lat ?? null,
          longitude: request.lon ?? null,
          client_timestamp: request.clientTimestamp ?? null,
        },
        // The organisation's and the country's rows are shared with everyone's scans: taken last.
        sharedCounts: [
          { scope: repo.organizationScope(issued.organization.type), subjectId: issued.organization.id },
          ...(after.country ? [{ scope: "country", subjectId: after.country }] : []),
        ],
        periods: periodKeys,
        organizationName: issued.organization.name,
        eventsChannel,
      });
      return { actNumber, newAchievements };
    })
    .catch((error: unknown) => {
      // The unique indexes back up the rules; a race they catch is still a duplicate.
      if (isUniqueViolation(error)) throw alreadyScanned(issued);
      throw error;
    });

  return {
    status: "success",
    actId,
    actNumber: recorded.actNumber,
    rarity,
    organizationName: issued.organization.name,
    kindMessage: issued.type === "virtual" ? await repo.randomKindMessage(db, language) : null,
    newAchievements: recorded.newAchievements,
  };
}

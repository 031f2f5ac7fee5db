import { EMAILS } from "./emails.js";
import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import { distanceMeters } from "../../../shared/acts/distance.js";
import type { FlaggedAct } from "../../../shared/schemas/anomalies.js";
import type { DB } from "../../platform/db/schema.js";
import { formatDay } from "../../platform/format/quebec-dates.js";
import { AppError } from "../../kernel/app-error.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import { findMailingDetails, findOfficialUserId } from "../users/index.js";
import * as repo from "./anomaly-repository.js";

/** The review list, a page at a time: open flags, or all of them. */
export async function listFlags(db: Kysely<DB>, filter: { status: "open" | "all"; page: number; pageSize: number }) {
  return repo.listFlags(db, filter);
}

/** A scan refused for impossible travel: flagged for review with how far and how fast. */
export async function flagImpossibleTravel(
  db: Kysely<DB>,
  userId: string,
  at: Date,
  travel: { distanceKm: number; speedKmh: number },
): Promise<void> {
  await repo.recordOccurrence(db, {
    userId,
    kind: "impossible_travel",
    day: newYorkDay(at),
    detail: { distanceKm: Math.round(travel.distanceKm), speedKmh: Math.round(travel.speedKmh) },
  });
}

/**
 * The daily digest (housekeeping, every hour; it acts once a day): once the
 * New York day is over, flags its patterns and mails the official account how
 * many accounts to review, if any. One process sends it, whichever claims the
 * day first. Returns the day's open flags by kind (null when already done).
 */
export async function runAnomalyDigest(
  deps: { db: Kysely<DB>; mailer: Mailer; appUrl: string },
  now = new Date(),
): Promise<Map<string, number> | null> {
  const day = addDays(newYorkDay(now), -1);
  const digest = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.claimDigest(trx, day))) return null;
    await repo.flagPatternsOfDay(trx, day);
    const byKind = await repo.countOpenFlagsOfDay(trx, day);
    const total = [...byKind.values()].reduce((sum, n) => sum + n, 0);
    await repo.recordDigestCount(trx, day, total);
    return { byKind, total };
  });
  if (!digest || digest.total === 0) return digest?.byKind ?? null;
  const { byKind: counts, total } = digest;
  // There is one official account (users-repository.makeOfficial moves the flag).
  const officialId = await findOfficialUserId(deps.db);
  const official = officialId ? await findMailingDetails(deps.db, officialId) : undefined;
  if (official) {
    const language = official.language_preference;
    await deps.mailer.send(
      accountEmail(
        EMAILS.anomalyDigest,
        language,
        official.email,
        {
          username: official.username,
          day: formatDay(language, new Date(`${day}T12:00:00Z`)),
          count: String(total),
          travel: String(counts.get("impossible_travel") ?? 0),
          burst: String(counts.get("burst") ?? 0),
          copied: String(counts.get("copied_position") ?? 0),
        },
        `${deps.appUrl}/admin?tab=review`,
      ),
    );
  }
  return counts;
}

/** The flagged person's acts that day, with how far each reported position was from the place. */
export async function actsOfFlag(db: Kysely<DB>, flagId: string): Promise<FlaggedAct[]> {
  const flag = await repo.findFlag(db, flagId);
  if (!flag) throw new AppError("not_found");
  const rows = await repo.actsOfDay(db, flag.user_id, flag.day);
  return rows.map((row) => ({
    id: row.id,
    actNumber: row.act_number === null ? null : Number(row.act_number),
    scannedAt: new Date(row.scanned_at).toISOString(),
    organizationName: row.organization_name,
    placeName: row.place_name,
    rarity: row.rarity,
    distanceMeters:
      row.latitude !== null && row.longitude !== null && row.place_latitude !== null && row.place_longitude !== null
        ? Math.round(distanceMeters({ lat: row.latitude, lon: row.longitude }, { lat: row.place_latitude, lon: row.place_longitude }))
        : null,
    voided: row.void_reason !== null ? { reason: row.void_reason, at: new Date(row.voided_at!).toISOString() } : null,
  }));
}

export async function reviewFlag(
  db: Kysely<DB>,
  reviewerId: string,
  flagId: string,
  input: { decision: "dismissed" | "resolved"; note: string },
): Promise<void> {
  if (!(await repo.reviewFlag(db, flagId, { status: input.decision, note: input.note, reviewerId }))) throw new AppError("not_found");
}

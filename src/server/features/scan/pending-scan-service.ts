import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { cardJourneyId } from "../../../shared/schemas/cards.js";
import { PENDING_SCAN_HOURS } from "../../../shared/constants.js";
import type { PendingScan, PendingScanRequest, ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { ActNumbering } from "./act-numbering.js";
import * as repo from "./pending-scan-repository.js";
import { issuedCodeOrThrow, recordScan } from "./scan-service.js";
import { assertInRange } from "./scan-rules.js";
import type { CardJourneyPort } from "./card-journey-port.js";

// A scan made while signed out is kept, not lost (docs/design.md §4.12): the
// person signs up (the confirmation may open in another browser, so the token
// travels inside the emailed link) or signs in, and the act is then recorded
// under every usual rule. The token is unguessable and stored only as a hash;
// nothing is counted, and no number taken, until the claim.

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * Keeps a signed-out scan for PENDING_SCAN_HOURS. The code must be one Kindly
 * issued and still in use, and a place's position is judged now, where the
 * person stands: the claim later does not ask for it again.
 */
export async function keepPendingScan(
  db: Kysely<DB>,
  request: PendingScanRequest,
  cardJourneys: Pick<CardJourneyPort, "storyOf">,
  now = new Date(),
): Promise<PendingScan> {
  const issued = await issuedCodeOrThrow(db, request);
  assertInRange(issued, request);
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + PENDING_SCAN_HOURS * 3_600_000);
  const positioned = issued.type === "virtual";
  await repo.insertPendingScan(db, {
    id: randomUUID(),
    token_hash: hashOf(token),
    org: request.org,
    loc: request.loc,
    type: request.type,
    card: request.card ?? null,
    // Only a place's position is needed: a card's would be kept for nothing.
    latitude: positioned ? request.lat! : null,
    longitude: positioned ? request.lon! : null,
    created_at: now,
    expires_at: expiresAt,
  });
  return {
    token,
    expiresAt: expiresAt.toISOString(),
    organizationName: issued.organization.name,
    locationName: issued.type === "virtual" ? issued.location.name : issued.cardSeries.name,
    locationTranslations: issued.type === "virtual" ? {} : issued.cardSeries.translations,
    type: issued.type,
    story: issued.type === "portable" && request.card ? await cardJourneys.storyOf(db, issued.cardSeries.id, request.card) : null,
  };
}

/**
 * Where a kept scan that still waits was made (its organisation), and whether
 * it was a card passed from hand to hand, for the confirmation email; null once
 * claimed or expired.
 */
export async function pendingScanPlace(
  db: Kysely<DB>,
  token: string,
  now = new Date(),
): Promise<{ place: string; passedOn: boolean } | null> {
  const pending = await repo.findPendingScan(db, hashOf(token));
  if (!pending || pending.claimed_by !== null || new Date(pending.expires_at) <= now) return null;
  const place = await repo.organizationNameOf(db, pending.org);
  return place ? { place, passedOn: pending.type === "portable" } : null;
}

export interface ClaimOptions {
  db: Kysely<DB>;
  numbering: ActNumbering;
  userId: string;
  token: string;
  now?: Date;
}

/**
 * Records the pending scan's act for `userId`, once. Opening the claim again
 * (a reloaded page, the confirmation link opened twice at once) answers with
 * the same act for the same person; anyone else hears it was used.
 */
/** A claimed act; `fresh` when this claim recorded it (not a replay). */
export interface ClaimedScan {
  scan: ScanSuccess;
  fresh: boolean;
}

export async function claimPendingScan({ db, numbering, userId, token, now = new Date() }: ClaimOptions): Promise<ClaimedScan> {
  const pending = await repo.findPendingScan(db, hashOf(token));
  if (!pending) throw new AppError("claim_not_found");
  if (pending.claimed_by !== null) return replay(db, pending, userId);
  if (new Date(pending.expires_at) <= now) throw new AppError("claim_expired");
  try {
    const result = await recordScan({
      db,
      numbering,
      userId,
      now,
      request: {
        org: pending.org,
        loc: pending.loc,
        type: pending.type,
        ...(pending.card === null ? {} : { card: pending.card }),
        ...(pending.latitude === null || pending.longitude === null ? {} : { lat: pending.latitude, lon: pending.longitude }),
      },
      pendingScanId: pending.id,
    });
    await repo.saveOutcome(db, pending.id, result);
    return { scan: result, fresh: true };
  } catch (error) {
    // Spent by a claim that committed while this one was decided (which then
    // reads as already scanned) or waited for the lock: the same answer again.
    if (error instanceof AppError) {
      const spent = await repo.findPendingScan(db, hashOf(token));
      if (spent?.claimed_by) return replay(db, spent, userId);
      if (error.code === "claim_used") throw new AppError("claim_expired");
    }
    throw error;
  }
}

type PendingRow = NonNullable<Awaited<ReturnType<typeof repo.findPendingScan>>>;

async function replay(db: Kysely<DB>, pending: PendingRow, userId: string): Promise<ClaimedScan> {
  return { scan: await replayedScan(db, pending, userId), fresh: false };
}

async function replayedScan(db: Kysely<DB>, pending: PendingRow, userId: string): Promise<ScanSuccess> {
  if (pending.claimed_by !== userId || pending.act_id === null) throw new AppError("claim_used");
  if (pending.outcome) return pending.outcome;
  // The first claim committed but has not saved its answer yet: the act says the same.
  const act = await repo.claimedActFacts(db, pending.act_id);
  if (!act) throw new AppError("claim_used");
  return {
    status: "success",
    actId: pending.act_id,
    actNumber: Number(act.act_number),
    rarity: act.rarity,
    organizationName: act.organization_name,
    kindMessage: null,
    newAchievements: [],
    ticketsIn: [],
    journeyId:
      act.card_type === "portable" && act.card_series_id && act.card_number ? cardJourneyId(act.card_series_id, act.card_number) : null,
  };
}

/** How long past its expiry a pending scan is kept (a late "expired" answer beats "not found"). */
const KEPT_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

/** Housekeeping: pending scans a week past their expiry, claimed or not. */
export async function purgeStalePendingScans(db: Kysely<DB>, now = new Date()): Promise<number> {
  return repo.deleteStalePendingScans(db, new Date(now.getTime() - KEPT_AFTER_EXPIRY_MS));
}

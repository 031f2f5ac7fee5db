import { createHash, randomInt, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import type { Kysely } from "kysely";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import { RARITY_DRAW_RANGE, rarityForDraw } from "../../../shared/acts/rarity.js";
import { streakAfterActOn, streaksFromDays } from "../../../shared/acts/streaks.js";
import { DAILY_SCAN_LIMIT, dailyLimitVars } from "../../../shared/acts/daily-limit.js";
import { cardJourneyId } from "../../../shared/schemas/cards.js";
import { completeLocalized } from "../../../shared/i18n/localized-text.js";
import type { ScanCheck, ScanCheckRequest, ScanCode, ScanRequest, ScanSuccess } from "../../../shared/schemas/scans.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { isUniqueViolation } from "../../platform/db/errors.js";
import { findIssuedCode, type IssuedCode } from "./scan-code-repository.js";
import { alreadyScanned, judgeScan, usableCode } from "./scan-rules.js";
import { achievementsMet, drawKindMessage, scanCatalogue } from "./scan-catalogue.js";
import { pseudonymFor } from "./pseudonym.js";
import type { ActNumbering } from "./act-numbering.js";
import * as repo from "./scan-repository.js";
import type { RecordedAct } from "./scan-repository.js";
import { deleteReplaysBefore, findReplay, REPLAY_HOURS } from "./scan-replay-repository.js";
import type { QueuedTask } from "../../platform/jobs/task-queue.js";
import { CARD_MOVED_TASK, type CardMovedTask } from "./card-journey-port.js";

export async function issuedCodeOrThrow(db: Kysely<DB>, code: ScanCode): Promise<IssuedCode> {
  return usableCode(await findIssuedCode(db, code));
}

/**
 * What the scan screen needs before the card is opened, and whether the scan
 * would be refused: the scan's rules (scan-rules.ts) on the scan's own read,
 * advising. Records nothing; the scan decides again when it records.
 */
export async function checkScan(db: Kysely<DB>, userId: string, code: ScanCheckRequest, now = new Date()): Promise<ScanCheck> {
  const context = await repo.readScanContext(db, { code, userId, day: newYorkDay(now) });
  const judgement = judgeScan(context, code, now, "advise");
  if (!judgement.allowed) throw judgement.refusal;
  const { issued, proximity } = judgement;
  return {
    status: "ready",
    organizationName: issued.organization.name,
    locationName: issued.type === "virtual" ? issued.location.name : issued.cardSeries.name,
    locationTranslations: issued.type === "virtual" ? {} : issued.cardSeries.translations,
    type: issued.type,
    proximity,
  };
}

export interface RecordScanOptions {
  db: Kysely<DB>;
  numbering: ActNumbering;
  userId: string;
  request: ScanRequest;
  now?: Date;
  /**
   * A pending scan this act spends (pending-scan-service.ts): spent in the
   * act's transaction, under the person's lock, so a refused act keeps it
   * and two claims racing record one act.
   */
  pendingScanId?: string;
  /** The tap's idempotency key: the act's answer is kept under it for a retry (`recordScanOnce`). */
  idempotencyKey?: string;
}

/**
 * What a request asked, whatever the order of its fields: a key reused with
 * another request (another place, another card) is not a retry of the first.
 */
export function requestFingerprint(request: ScanRequest): string {
  const sorted = Object.fromEntries(Object.entries(request).sort(([a], [b]) => a.localeCompare(b)));
  return createHash("sha256").update(JSON.stringify(sorted)).digest("hex");
}

/** What `record_acts` refused, as the person hears it ('daily_limit': rule 5, SCAN_RULES). */
function refusalOf(status: "daily_limit" | "claim_used" | "gone"): AppError {
  if (status === "daily_limit") return new AppError("daily_limit_reached", { vars: dailyLimitVars });
  return new AppError(status === "claim_used" ? "claim_used" : "not_authenticated");
}

/**
 * Each "changed" answer means another act (or a void) of this person
 * committed meanwhile; after the daily limit's worth of those, the reads
 * refuse the scan instead. So this many attempts always end.
 */
const MAX_ATTEMPTS = DAILY_SCAN_LIMIT + 5;
/**
 * A scan whose person is locked elsewhere (a void, an account change) is
 * decided again after a pause that grows to BUSY_PAUSE_MAX_MS, as a scan used
 * to wait for that lock; those attempts are not "changes", and the wait ends
 * after BUSY_WAIT_MS, as a request would.
 */
const BUSY_PAUSE_MAX_MS = 100;
const BUSY_WAIT_MS = 30_000;

const completeOrNull = (text: Partial<Record<string, string>> | null) => (text ? completeLocalized(text) : null);

/** The travels notice a portable card's act queues with itself (card-journey-port.ts). */
function cardMoved(seriesId: string, cardNumber: number, moverId: string, at: Date): QueuedTask {
  const task: CardMovedTask = { seriesId, cardNumber, moverId, at: at.toISOString() };
  return { kind: CARD_MOVED_TASK, payload: task };
}

/**
 * A scan tapped with an idempotency key: the act already recorded under the
 * key (its answer lost to a dropped connection or a crash) is answered again
 * instead of being refused as a duplicate; `fresh` says whether this call
 * recorded it (what follows an act runs once).
 */
export async function recordScanOnce(
  options: RecordScanOptions & { idempotencyKey: string },
): Promise<{ scan: ScanSuccess; fresh: boolean }> {
  const { db, userId, idempotencyKey: key } = options;
  const fingerprint = requestFingerprint(options.request);
  // The same key with another request is a client's mistake, said as one: never the first act's answer.
  const replayed = (kept: { answer: ScanSuccess; fingerprint: string | null }) => {
    if (kept.fingerprint !== null && kept.fingerprint !== fingerprint) throw new AppError("idempotency_key_reused");
    return { scan: kept.answer, fresh: false };
  };
  const earlier = await findReplay(db, userId, key);
  if (earlier) return replayed(earlier);
  try {
    return { scan: await recordScan(options), fresh: true };
  } catch (error) {
    // A retry that raced its own first try (both sent before either was
    // answered): the first recorded the act, so this one was refused as a duplicate.
    if (error instanceof AppError) {
      const recorded = await findReplay(db, userId, key);
      if (recorded) return replayed(recorded);
    }
    throw error;
  }
}

/**
 * Records one act once the scan's rules (scan-rules.ts, in order) allow it,
 * with a cryptographic rarity, contest tickets, achievements and streaks.
 *
 * One statement reads the code and the person's state (docs/design.md, "The
 * scan's cost"), the decisions are taken here, and the next scan batch
 * (act-numbering.ts) writes them under the person's lock, if that state has
 * not moved since, and gives the act its gapless number in the same
 * transaction; if the state moved, the scan is decided again. A refusal is
 * decided on one consistent read, as if the scan had come at that moment.
 * The response waits for the batch's commit.
 */
export async function recordScan({
  db,
  numbering,
  userId,
  request,
  now = new Date(),
  pendingScanId,
  idempotencyKey,
}: RecordScanOptions): Promise<ScanSuccess> {
  const day = newYorkDay(now);
  const rarity = rarityForDraw(randomInt(RARITY_DRAW_RANGE));
  const actId = randomUUID();
  const catalogue = await scanCatalogue(db);
  // Drawn once, for a place only: the answer kept for a replay and the one sent carry the same words.
  let kindMessage: ScanSuccess["kindMessage"] | undefined;

  const busySince = performance.now();
  let busyPause = 5;
  let changes = 0;
  for (;;) {
    const context = await repo.readScanContext(db, { code: request, userId, day });
    // The rules, in order (scan-rules.ts); an impossible journey is also flagged for the official account's review.
    const judgement = judgeScan(context, request, now);
    if (!judgement.allowed) {
      if (judgement.travel) await numbering.impossibleTravel(userId, now, judgement.travel);
      throw judgement.refusal;
    }
    const { issued } = judgement;

    const before = context.totals;
    // A scan stamped before the person's last act day (two scans racing across
    // midnight, the later one first) cannot be folded into the streak:
    // recount it from every day they scanned.
    const outOfOrder = before.streak.lastDay !== null && day < before.streak.lastDay;
    const after = {
      totalActs: before.totalActs + 1,
      platinum: before.platinum + (rarity === "platinum" ? 1 : 0),
      streak: outOfOrder ? streaksFromDays([...(await repo.readScanDays(db, userId)), day]) : streakAfterActOn(before.streak, day),
    };
    const held = new Set(context.achievements);
    const answer = (recorded: RecordedAct): ScanSuccess => ({
      status: "success",
      actId,
      actNumber: recorded.actNumber,
      rarity,
      organizationName: issued.organization.name,
      kindMessage: issued.type === "virtual" ? (kindMessage ??= completeOrNull(drawKindMessage(catalogue.kindMessages))) : null,
      newAchievements: recorded.earned,
      // Every language the answer speaks, empty where a text has none yet (a language added later).
      ticketsIn: recorded.ticketsIn.map(completeLocalized),
      journeyId: issued.type === "portable" ? cardJourneyId(issued.cardSeries.id, issued.cardNumber) : null,
    });
    const outcome = await numbering
      .record({
        userId,
        version: context.version,
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
          latitude: request.lat ?? null,
          longitude: request.lon ?? null,
          client_timestamp: request.clientTimestamp ?? null,
        },
        totals: after,
        achievements: achievementsMet(catalogue.achievements, after).filter((id) => !held.has(id)),
        pendingScanId: pendingScanId ?? null,
        followUp:
          issued.type === "portable" && issued.cardNumber !== null
            ? cardMoved(issued.cardSeries.id, issued.cardNumber, userId, now)
            : undefined,
        replay: idempotencyKey ? { key: idempotencyKey, fingerprint: requestFingerprint(request), answer } : undefined,
      })
      .catch((error: unknown) => {
        // The unique indexes back up the rules; a race they catch is still a duplicate.
        if (isUniqueViolation(error)) throw alreadyScanned(issued);
        throw error;
      });
    if (outcome.status === "changed") {
      if (++changes === MAX_ATTEMPTS)
        throw new Error(`The scan of ${userId} was overtaken ${MAX_ATTEMPTS} times by the same person's other acts`);
      continue;
    }
    // Locked elsewhere: the batch did not wait for the person. Decide again in a moment.
    if (outcome.status === "busy") {
      if (performance.now() - busySince > BUSY_WAIT_MS) throw new Error(`The scan of ${userId} waited for its person's lock too long`);
      await sleep(busyPause);
      busyPause = Math.min(busyPause * 2, BUSY_PAUSE_MAX_MS);
      continue;
    }
    if (outcome.status !== "recorded") throw refusalOf(outcome.status);

    return answer(outcome);
  }
}

/** Forgets the answers kept for retries once their day is over (housekeeping). */
export async function purgeOldScanReplays(db: Kysely<DB>, now = new Date()): Promise<void> {
  await deleteReplaysBefore(db, new Date(now.getTime() - REPLAY_HOURS * 3_600_000));
}

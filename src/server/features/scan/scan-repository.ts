import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { LocalizedText } from "../../../shared/i18n/localized-text.js";
import type { ScanCode } from "../../../shared/schemas/scans.js";
import type { StreakState } from "../../../shared/acts/streaks.js";
import { prepared } from "../../platform/db/prepared.js";
import { issuedCodeLookup, type IssuedCodeRow } from "./scan-code-repository.js";
import type { ActsTable, DB } from "../../platform/db/schema.js";

// Recording an act: one read of what the scan is decided on
// (`readScanContext`), then one call that writes it (`recordAct`). A scan
// locks only rows of its own person (the person first, then their day,
// totals and tickets); what every scan shares (act numbers, boards, daily
// totals, the rank histogram) is the numbering step's job, after the commit
// (act-numbering-repository.ts).

/**
 * Locks the person for the rest of a void, the same row `record_act` locks
 * first, so a void and a scan of one person queue one behind the other. NO
 * KEY UPDATE is the FOR UPDATE that still lets rows referring to the user be
 * written. Its own statement: what is read next is read after the wait.
 */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await trx.selectFrom("users").select("id").where("id", "=", userId).forNoKeyUpdate().executeTakeFirstOrThrow();
}

/** Every New York day on which the user recorded an act. */
export async function readScanDays(trx: Kysely<DB>, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom("user_scan_days").select("day").where("user_id", "=", userId).where("scans", ">", 0).execute();
  return rows.map((row) => row.day);
}

/**
 * What a scan is decided on, read in one statement without a lock: the code
 * (`IssuedCodeRow`, absent when no code has the token), and the person's
 * state: totals and streaks with their row's version, today's scans, whether
 * this code was already used (today at a place, ever for a card of this
 * organisation), their latest positioned act and the achievements they hold.
 * `recordAct` later checks, under the person's lock, that the version has
 * not moved.
 */
export interface ScanContext {
  code: IssuedCodeRow | undefined;
  version: string | null;
  totals: { totalActs: number; platinum: number; streak: StreakState };
  scansToday: number;
  duplicate: boolean;
  lastPosition: { lat: number; lon: number; at: Date } | null;
  achievements: string[];
}

type ScanContextRow = { [K in keyof IssuedCodeRow]: IssuedCodeRow[K] | null } & {
  version: string | null;
  total_acts: number | null;
  platinum: number | null;
  current_streak: number | null;
  longest_streak: number | null;
  last_act_day: string | null;
  scans_today: number | null;
  duplicate: boolean;
  last_lat: number | null;
  last_lon: number | null;
  last_at: Date | null;
  achievements: string[];
};

type ContextParams = { token: string; userId: string; day: string };

/** The person's part of the context, after `code` (k) is known; the same for both kinds of code. */
const personContext = (p: ContextParams, duplicate: RawBuilder<boolean>) => sql`
  s.version, s.total_acts, s.platinum, s.current_streak, s.longest_streak, s.last_act_day,
  (select d.scans from user_scan_days d where d.user_id = ${p.userId} and d.day = ${p.day}::date) as scans_today,
  ${duplicate} as duplicate,
  last.latitude as last_lat, last.longitude as last_lon, last.scanned_at as last_at,
  array(select achievement_id from user_achievements where user_id = ${p.userId}) as achievements
  from (select 1) as one
  left join k on true
  left join lateral (select xmin::text as version, total_acts, platinum, current_streak, longest_streak, last_act_day
                     from user_stats where user_id = ${p.userId}) s on true
  left join lateral (select latitude, longitude, scanned_at from acts
                     where user_id = ${p.userId} and latitude is not null order by scanned_at desc limit 1) last on true`;

/** The context statement for one kind of code: its lookup, then the person's part and whether this code was used. */
const contextOf = (kind: "place" | "card", used: (p: ContextParams) => RawBuilder<boolean>) =>
  prepared<ContextParams>()(
    `scan_${kind}_context`,
    (_, p) => sql<ScanContextRow>`
      with k as (${issuedCodeLookup(kind, p.token)})
      select k.*, ${personContext(p, used(p))}`,
  );

// A place: once per person per New York day. A card: once per person per organisation, ever.
const placeContext = contextOf(
  "place",
  (p) => sql`exists (select 1 from acts a where a.user_id = ${p.userId} and a.location_id = k.id
                     and a.scan_day = ${p.day}::date and a.card_type = 'virtual')`,
);
const cardContext = contextOf(
  "card",
  (p) => sql`exists (select 1 from acts a where a.user_id = ${p.userId} and a.organization_id = k.org_id and a.card_type <> 'virtual')`,
);

export async function readScanContext(db: Kysely<DB>, input: { code: ScanCode; userId: string; day: string }): Promise<ScanContext> {
  const params = { token: input.code.loc, userId: input.userId, day: input.day };
  const { rows } = await (input.code.type === "virtual" ? placeContext : cardContext).execute(db, params);
  const row = rows[0]!;
  return {
    code: row.id === null ? undefined : (row as IssuedCodeRow),
    version: row.version,
    totals: {
      totalActs: row.total_acts ?? 0,
      platinum: row.platinum ?? 0,
      streak: { current: row.current_streak ?? 0, longest: row.longest_streak ?? 0, lastDay: row.last_act_day },
    },
    scansToday: row.scans_today ?? 0,
    duplicate: row.duplicate,
    lastPosition:
      row.last_lat === null || row.last_lon === null || row.last_at === null
        ? null
        : { lat: row.last_lat, lon: row.last_lon, at: new Date(row.last_at) },
    achievements: row.achievements,
  };
}

export interface RecordActInput {
  userId: string;
  /** `ScanContext.version`: the act is written only if the person's state has not moved since. */
  version: string | null;
  act: Omit<Insertable<ActsTable>, "act_number" | "queued_seq" | "scanned_at" | "country" | "manual_batch_id" | "place_name"> & {
    scanned_at: Date;
  };
  dailyLimit: number;
  /** The person's totals and streaks with this act. */
  totals: { totalActs: number; streak: StreakState };
  /** Achievements the act earns (decided by the service). */
  achievements: string[];
  /** A pending scan this act spends (pending-scan-service.ts). */
  pendingScanId: string | null;
}

export type RecordActResult =
  { status: "recorded"; earned: string[]; ticketsIn: LocalizedText[] } | { status: "changed" | "daily_limit" | "claim_used" | "gone" };

const recordActCall = prepared<Record<string, unknown>>()(
  "scan_record_act",
  (_, p) => sql<{ status: RecordActResult["status"]; earned: string[] | null; tickets_in: LocalizedText[] | null }>`
    select status, earned, tickets_in from record_act(
      ${p.userId}, ${p.version}, ${p.actId}, ${p.organizationId}, ${p.locationId}, ${p.cardSeriesId},
      ${p.cardNumber}::integer, ${p.cardType}, ${p.scanDay}::date, ${p.scannedAt}::timestamptz, ${p.rarity}, ${p.userPseudo},
      ${p.latitude}::float8, ${p.longitude}::float8, ${p.clientTimestamp}::timestamptz, ${p.dailyLimit}::integer,
      ${p.totalActs}::integer, ${p.currentStreak}::integer, ${p.longestStreak}::integer, ${p.lastActDay}::date,
      ${p.achievements}::text[], ${p.pendingScanId})`,
);

/** Writes the act and all it changes for its person in one call (migration 0018's `record_act`). */
export async function recordAct(db: Kysely<DB>, input: RecordActInput): Promise<RecordActResult> {
  const { act, totals } = input;
  const { rows } = await recordActCall.execute(db, {
    userId: input.userId,
    version: input.version,
    actId: act.id,
    organizationId: act.organization_id,
    locationId: act.location_id ?? null,
    cardSeriesId: act.card_series_id ?? null,
    cardNumber: act.card_number ?? null,
    cardType: act.card_type,
    scanDay: act.scan_day,
    scannedAt: act.scanned_at,
    rarity: act.rarity,
    userPseudo: act.user_pseudo,
    latitude: act.latitude ?? null,
    longitude: act.longitude ?? null,
    clientTimestamp: act.client_timestamp ?? null,
    dailyLimit: input.dailyLimit,
    totalActs: totals.totalActs,
    currentStreak: totals.streak.current,
    longestStreak: totals.streak.longest,
    lastActDay: totals.streak.lastDay,
    achievements: input.achievements,
    pendingScanId: input.pendingScanId,
  });
  const row = rows[0]!;
  return row.status === "recorded"
    ? { status: "recorded", earned: row.earned ?? [], ticketsIn: row.tickets_in ?? [] }
    : { status: row.status };
}

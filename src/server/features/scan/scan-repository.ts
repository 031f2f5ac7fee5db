import { sql, type Insertable, type Kysely, type RawBuilder, type Transaction } from "kysely";
import type { LocalizedText } from "../../../shared/i18n/localized-text.js";
import type { ScanCode, ScanSuccess } from "../../../shared/schemas/scans.js";
import { STREAK_COLUMNS, streakFromColumns, type StreakColumns, type StreakState } from "../../../shared/acts/streaks.js";
import { prepared } from "../../platform/db/prepared.js";
import { issuedCodeLookup, type IssuedCodeRow } from "./scan-code-repository.js";
import type { ActsTable, DB } from "../../platform/db/schema.js";
import { lockPerson } from "../users/index.js";
import type { QueuedTask } from "../../platform/jobs/task-queue.js";
import { groupedReads } from "../../platform/db/grouped-reads.js";

// Recording an act: one read of what the scan is decided on
// (`readScanContext`), then its place in a scan batch, which writes it
// (`recordActs`, called by act-numbering.ts under the act counter's lock).
// A scan locks only rows of its own person (the person, then their day,
// totals and tickets); what every scan shares (boards, daily totals, the rank
// histogram) is counted once per batch (act-numbering-repository.ts).

/**
 * Locks the person for the rest of a void, the same row `record_acts` locks
 * for each scan, so a void and a scan of one person never interleave (a scan
 * batch does not wait for it: the scan is decided again). NO
 * KEY UPDATE is the FOR UPDATE that still lets rows referring to the user be
 * written. Its own statement: what is read next is read after the wait.
 */
export async function lockUser(trx: Transaction<DB>, userId: string): Promise<void> {
  await lockPerson(trx, userId, "no key update");
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
 * `recordActs` later checks, under the person's lock, that the version has
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

type ScanContextRow = { [K in keyof IssuedCodeRow]: IssuedCodeRow[K] | null } & StreakColumns & {
    version: string | null;
    total_acts: number | null;
    platinum: number | null;
    scans_today: number | null;
    duplicate: boolean;
    last_lat: number | null;
    last_lon: number | null;
    last_at: Date | null;
    achievements: string[];
  };

/** Scans read together (`groupedReads`): one element each, in the same order. */
type ContextParams = { tokens: string[]; userIds: string[]; days: string[] };

/**
 * The context statement for one kind of code, for many scans at once: each
 * scan (`r`: its token, person and New York day) with its code's lookup (`k`)
 * and its person's part. `used` says whether this person already used the code.
 */
const contextsOf = (kind: "place" | "card", used: RawBuilder<boolean>) =>
  prepared<ContextParams>()(
    `scan_${kind}_contexts`,
    (_, p) => sql<ScanContextRow>`
      select k.*,
        s.version, s.total_acts, s.platinum, s.current_streak, s.longest_streak, s.last_act_day, s.streak_freezes, s.last_frozen_day,
        (select d.scans from user_scan_days d where d.user_id = r.user_id and d.day = r.day) as scans_today,
        ${used} as duplicate,
        last.latitude as last_lat, last.longitude as last_lon, last.scanned_at as last_at,
        array(select achievement_id from user_achievements where user_id = r.user_id) as achievements
      from unnest(${p.tokens}::text[], ${p.userIds}::text[], ${p.days}::date[]) with ordinality as r(token, user_id, day, ord)
      left join lateral (${issuedCodeLookup(kind, sql`r.token`)}) k on true
      left join lateral (select xmin::text as version, total_acts, platinum, ${sql.raw(STREAK_COLUMNS)}
                         from user_stats where user_id = r.user_id) s on true
      left join lateral (select latitude, longitude, scanned_at from acts
                         where user_id = r.user_id and latitude is not null order by scanned_at desc limit 1) last on true
      order by r.ord`,
  );

// A place: once per person per New York day. A card: once per person per organisation, ever.
const placeContexts = contextsOf(
  "place",
  sql`exists (select 1 from acts a where a.user_id = r.user_id and a.location_id = k.id and a.scan_day = r.day and a.card_type = 'virtual')`,
);
const cardContexts = contextsOf(
  "card",
  sql`exists (select 1 from acts a where a.user_id = r.user_id and a.organization_id = k.org_id and a.card_type <> 'virtual')`,
);

type ContextKey = { token: string; userId: string; day: string };

/** Each database's context reads, grouped per kind of code (a scan reads one, alone when the server is quiet). */
const contextReads = new WeakMap<Kysely<DB>, Record<"place" | "card", (key: ContextKey) => Promise<ScanContextRow>>>();

function contextReadsOf(db: Kysely<DB>) {
  let reads = contextReads.get(db);
  if (!reads) {
    const readWith = (statement: typeof placeContexts) =>
      groupedReads(async (keys: ContextKey[]) => {
        const params = { tokens: keys.map((key) => key.token), userIds: keys.map((key) => key.userId), days: keys.map((key) => key.day) };
        return (await statement.execute(db, params)).rows;
      });
    reads = { place: readWith(placeContexts), card: readWith(cardContexts) };
    contextReads.set(db, reads);
  }
  return reads;
}

export async function readScanContext(db: Kysely<DB>, input: { code: ScanCode; userId: string; day: string }): Promise<ScanContext> {
  const reads = contextReadsOf(db);
  const row = await reads[input.code.type === "virtual" ? "place" : "card"]({
    token: input.code.loc,
    userId: input.userId,
    day: input.day,
  });
  return {
    code: row.id === null ? undefined : (row as IssuedCodeRow),
    version: row.version,
    totals: {
      totalActs: row.total_acts ?? 0,
      platinum: row.platinum ?? 0,
      streak: streakFromColumns(row),
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
  /** The person's totals and streaks with this act. */
  totals: { totalActs: number; streak: StreakState };
  /** Achievements the act earns (decided by the service). */
  achievements: string[];
  /** A pending scan this act spends (pending-scan-service.ts). */
  pendingScanId: string | null;
  /**
   * The tap's idempotency key and the answer the act gets once recorded:
   * kept in the act's own transaction, so a retry of the tap finds it
   * (scan-replay-repository.ts).
   */
  replay?: { key: string; fingerprint: string; answer: (recorded: RecordedAct) => ScanSuccess };
  /**
   * What must follow the act once it exists (a portable card's travels
   * notice): queued in the act's own transaction, so a crash after the
   * commit loses nothing (platform/jobs/task-queue.ts).
   */
  followUp?: QueuedTask;
}

export type RecordedAct = { status: "recorded"; actNumber: number; earned: string[]; ticketsIn: LocalizedText[] };

/**
 * A scan's outcome: recorded with its number, or why not. "changed" and
 * "busy" mean decide again (the person's state moved, or the person was
 * locked elsewhere while the batch held the counter).
 */
export type RecordActResult = RecordedAct | { status: "changed" | "busy" | "daily_limit" | "claim_used" | "gone" };

type RecordActsParams = {
  dailyLimit: number;
  userIds: string[];
  versions: (string | null)[];
  actIds: string[];
  organizationIds: string[];
  locationIds: (string | null)[];
  cardSeriesIds: (string | null)[];
  cardNumbers: (number | null)[];
  cardTypes: string[];
  scanDays: string[];
  scannedAts: Date[];
  rarities: string[];
  userPseudos: (string | null)[];
  latitudes: (number | null)[];
  longitudes: (number | null)[];
  clientTimestamps: (Date | string | null)[];
  totalActs: number[];
  currentStreaks: number[];
  longestStreaks: number[];
  lastActDays: (string | null)[];
  streakFreezes: number[];
  frozenThroughs: (string | null)[];
  achievements: string[];
  pendingScanIds: (string | null)[];
};

type RecordActsRow = {
  out_act_id: string;
  out_status: RecordActResult["status"];
  out_act_number: number | null;
  out_earned: string[] | null;
  out_tickets_in: LocalizedText[] | null;
};

const recordActsCall = prepared<RecordActsParams>()(
  "scan_record_acts",
  (_, p) => sql<RecordActsRow>`
    select out_act_id, out_status, out_act_number, out_earned, out_tickets_in from record_acts(
      ${p.dailyLimit}::integer, ${p.userIds}::text[], ${p.versions}::text[], ${p.actIds}::text[],
      ${p.organizationIds}::text[], ${p.locationIds}::text[], ${p.cardSeriesIds}::text[], ${p.cardNumbers}::integer[],
      ${p.cardTypes}::text[], ${p.scanDays}::date[], ${p.scannedAts}::timestamptz[], ${p.rarities}::text[], ${p.userPseudos}::text[],
      ${p.latitudes}::float8[], ${p.longitudes}::float8[], ${p.clientTimestamps}::timestamptz[], ${p.totalActs}::integer[],
      ${p.currentStreaks}::integer[], ${p.longestStreaks}::integer[], ${p.lastActDays}::date[], ${p.streakFreezes}::integer[],
      ${p.frozenThroughs}::date[], ${p.achievements}::text[],
      ${p.pendingScanIds}::text[])`,
);

/**
 * Writes decided scans, each with all it changes for its person, and numbers
 * the recorded acts as it inserts them (the database function `record_acts`,
 * features/scan/sql/record-acts.ts).
 * When it records any, the transaction holds the act counter's lock
 * afterwards, until it ends. Returns each scan's outcome, in the order given.
 */
export async function recordActs(trx: Transaction<DB>, dailyLimit: number, inputs: RecordActInput[]): Promise<RecordActResult[]> {
  const acts = inputs.map((input) => input.act);
  const { rows } = await recordActsCall.execute(trx, {
    dailyLimit,
    userIds: inputs.map((input) => input.userId),
    versions: inputs.map((input) => input.version),
    actIds: acts.map((act) => act.id),
    organizationIds: acts.map((act) => act.organization_id),
    locationIds: acts.map((act) => act.location_id ?? null),
    cardSeriesIds: acts.map((act) => act.card_series_id ?? null),
    cardNumbers: acts.map((act) => act.card_number ?? null),
    cardTypes: acts.map((act) => act.card_type),
    scanDays: acts.map((act) => act.scan_day),
    scannedAts: acts.map((act) => act.scanned_at),
    rarities: acts.map((act) => act.rarity),
    userPseudos: acts.map((act) => act.user_pseudo ?? null),
    latitudes: acts.map((act) => act.latitude ?? null),
    longitudes: acts.map((act) => act.longitude ?? null),
    clientTimestamps: acts.map((act) => act.client_timestamp ?? null),
    totalActs: inputs.map((input) => input.totals.totalActs),
    currentStreaks: inputs.map((input) => input.totals.streak.current),
    longestStreaks: inputs.map((input) => input.totals.streak.longest),
    lastActDays: inputs.map((input) => input.totals.streak.lastDay),
    streakFreezes: inputs.map((input) => input.totals.streak.freezes),
    frozenThroughs: inputs.map((input) => input.totals.streak.frozenThrough),
    // Achievement ids are snake_case words: a comma never occurs in one.
    achievements: inputs.map((input) => input.achievements.join(",")),
    pendingScanIds: inputs.map((input) => input.pendingScanId),
  });
  const byAct = new Map(rows.map((row) => [row.out_act_id, row]));
  return acts.map((act): RecordActResult => {
    const row = byAct.get(act.id)!;
    return row.out_status === "recorded"
      ? { status: "recorded", actNumber: Number(row.out_act_number), earned: row.out_earned ?? [], ticketsIn: row.out_tickets_in ?? [] }
      : { status: row.out_status };
  });
}

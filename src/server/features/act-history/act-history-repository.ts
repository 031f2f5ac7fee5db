import { sql, type Kysely } from "kysely";
import { cardJourneyId } from "../../../shared/schemas/cards.js";
import type { HistoryAct } from "../../../shared/schemas/stats.js";
import type { DB } from "../../platform/db/schema.js";
import { fromJson } from "../../platform/db/json-column.js";
import { prepared } from "../../platform/db/prepared.js";
import { publishedOrganizations } from "../organizations/read-models.js";
import { personTotals, publishedActs } from "../scan/read-models.js";
import { publishedThanks } from "../thanks/read-models.js";

/**
 * One page of the person's act history, newest first, with their total and
 * their number of active days, in one statement. Acts wait for their number
 * for milliseconds after their commit; they show once numbered.
 */
export async function readHistory(db: Kysely<DB>, userId: string, before: number | undefined, limit: number) {
  const { rows } = await (before === undefined ? newestPage : olderPage).execute(db, { userId, before: before ?? 0, limit });
  const row = rows[0]!;
  return {
    totalActs: row.total_acts ?? 0,
    activeDays: Number(row.active_days),
    acts: fromJson(row.acts).map((act): HistoryAct => ({
      id: act.id,
      actNumber: Number(act.act_number),
      organizationName: act.name,
      cardType: act.card_type,
      rarity: act.rarity,
      scannedAt: new Date(act.scanned_at).toISOString(),
      day: act.scan_day,
      pseudonym: act.user_pseudo,
      journeyId: act.card_type === "portable" && act.card_series_id ? cardJourneyId(act.card_series_id, act.card_number) : null,
      thanks: act.thanks,
    })),
  };
}

interface HistoryRow {
  id: string;
  act_number: number;
  name: string;
  card_type: HistoryAct["cardType"];
  rarity: HistoryAct["rarity"];
  scanned_at: string;
  scan_day: string;
  user_pseudo: string;
  card_series_id: string | null;
  card_number: number | null;
  thanks: HistoryAct["thanks"];
}

type PageParams = { userId: string; before: number; limit: number };

/** Prepared (two shapes: the newest page, and a page before a number): planning it cost more than running it. */
const page = (p: PageParams, older: boolean) => sql<{ total_acts: number | null; active_days: number; acts: HistoryRow[] | string }>`
  select t.total_acts, coalesce(t.active_days, 0) as active_days,
    (select coalesce(json_agg(p order by p.act_number desc), '[]'::json) from (
       select a.id, a.act_number, o.name, a.card_type, a.rarity, a.scanned_at, a.scan_day, a.user_pseudo, a.card_series_id, a.card_number,
         -- Whether this act can still thank the card's previous holder (thanks-service.ts decides; this only shows the button).
         case when a.card_type <> 'portable' or a.card_number is null then 'none'
              when exists (select 1 from ${publishedThanks.sql} t where t.act_id = a.id) then 'sent'
              -- Said portable, so the card journeys' partial index answers: without it the planner
              -- costs a scan of every act, and above PostgreSQL's JIT threshold compiles the
              -- query on each call (~0.4 s at a million acts; 0.5 ms with the index).
              when exists (select 1 from ${publishedActs.sql} p
                where p.card_type = 'portable' and p.card_series_id = a.card_series_id and p.card_number = a.card_number
                  and p.user_id is not null and p.user_id <> a.user_id and p.scanned_at < a.scanned_at) then 'available'
              else 'none' end as thanks
       from ${publishedActs.sql} a join ${publishedOrganizations.sql} o on o.id = a.organization_id
       where a.user_id = ${p.userId} and a.act_number is not null
         ${older ? sql`and a.act_number < ${p.before}::bigint` : sql``}
       order by a.act_number desc limit ${p.limit}::int) p) as acts
  from (select 1) one left join ${personTotals.sql} t on t.user_id = ${p.userId}`;
const newestPage = prepared<PageParams>()("history_newest", (_, p) => page(p, false));
const olderPage = prepared<PageParams>()("history_older", (_, p) => page(p, true));

import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.

/*
 * A scan's writes in one call (issue 29: the engine at the floor's cost).
 *
 * The scan service reads what it decides on without a lock (the code, the
 * person's totals, their day, their last position, their achievements), takes
 * every decision in TypeScript (range, travel, duplicates, the daily limit,
 * streaks, achievements), then calls `record_act` once. Under the person's
 * lock the function checks that nothing it decided on has changed (the
 * `user_stats` row's version, xmin, moves with every act and every void of
 * that person), and only then writes: the day's count, the act, the totals,
 * one ticket per running contest, the achievements it was handed, and the
 * pending scan it spends. (Board rows, the person's too, are the numbering
 * batch's: they count numbered acts.) One round trip, one
 * transaction, plans kept by PL/pgSQL; each statement reads after the lock
 * (a volatile function takes a new snapshot per statement).
 *
 * Answers (`status`): 'recorded'; 'changed' (the person's state moved:
 * decide again); 'daily_limit' and 'claim_used' (refused, nothing written);
 * 'gone' (no such person). Unique indexes still back up every rule.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function record_act(
      p_user_id text,
      p_version text,
      p_act_id text,
      p_organization_id text,
      p_location_id text,
      p_card_series_id text,
      p_card_number integer,
      p_card_type text,
      p_scan_day date,
      p_scanned_at timestamptz,
      p_rarity text,
      p_user_pseudo text,
      p_latitude double precision,
      p_longitude double precision,
      p_client_timestamp timestamptz,
      p_daily_limit integer,
      p_total_acts integer,
      p_current_streak integer,
      p_longest_streak integer,
      p_last_act_day date,
      p_achievements text[],
      p_pending_scan_id text,
      out status text,
      out earned text[],
      out tickets_in jsonb
    ) language plpgsql as $fn$
    declare
      v_version text;
      v_claimed boolean;
    begin
      perform 1 from users where id = p_user_id for no key update;
      if not found then
        status := 'gone';
        return;
      end if;
      select xmin::text into v_version from user_stats where user_id = p_user_id;
      if v_version is distinct from p_version then
        status := 'changed';
        return;
      end if;
      -- A pending scan is spent once: its row is locked here, written with the act.
      if p_pending_scan_id is not null then
        perform 1 from pending_scans where id = p_pending_scan_id and claimed_by is null and expires_at > p_scanned_at for update;
        if not found then
          status := 'claim_used';
          return;
        end if;
      end if;
      -- Every write in one statement (one executor run, one snapshot), each
      -- conditional on the day's claim: at the daily limit nothing is written.
      with claim as (
        insert into user_scan_days (user_id, day, scans) values (p_user_id, p_scan_day, 1)
        on conflict (user_id, day) do update set scans = user_scan_days.scans + 1 where user_scan_days.scans < p_daily_limit
        returning 1 as claimed
      ), spent as (
        update pending_scans set claimed_by = p_user_id, claimed_at = p_scanned_at, act_id = p_act_id, latitude = null, longitude = null
        where id = p_pending_scan_id and exists (select 1 from claim)
      ), act as (
        insert into acts (id, user_id, organization_id, location_id, card_series_id, card_number, card_type, scan_day, rarity,
                          user_pseudo, country, latitude, longitude, client_timestamp, scanned_at)
        select p_act_id, p_user_id, p_organization_id, p_location_id, p_card_series_id, p_card_number, p_card_type, p_scan_day,
               p_rarity, p_user_pseudo, u.country, p_latitude, p_longitude, p_client_timestamp, p_scanned_at
        from users u cross join claim where u.id = p_user_id
      ), totals as (
        insert into user_stats (user_id, total_acts, current_streak, longest_streak, last_act_day, bronze, silver, gold, platinum)
        select p_user_id, p_total_acts, p_current_streak, p_longest_streak, p_last_act_day,
               (p_rarity = 'bronze')::int, (p_rarity = 'silver')::int, (p_rarity = 'gold')::int, (p_rarity = 'platinum')::int
        from claim
        on conflict (user_id) do update set
          total_acts = excluded.total_acts, current_streak = excluded.current_streak,
          longest_streak = excluded.longest_streak, last_act_day = excluded.last_act_day,
          bronze = user_stats.bronze + excluded.bronze, silver = user_stats.silver + excluded.silver,
          gold = user_stats.gold + excluded.gold, platinum = user_stats.platinum + excluded.platinum
      ), entered as (
        -- One ticket in every contest running at the scan (contestRunningAt's rule).
        insert into contest_entries (contest_id, user_id, tickets)
        select c.id, p_user_id, 1 from contests c cross join claim where c.starts_at <= p_scanned_at and c.ends_at > p_scanned_at
        on conflict (contest_id, user_id) do update set tickets = contest_entries.tickets + 1, updated_at = now()
        returning contest_id
      ), awarded as (
        insert into user_achievements (user_id, achievement_id)
        select p_user_id, a from unnest(p_achievements) as a cross join claim
        on conflict (user_id, achievement_id) do nothing
        returning achievement_id
      )
      select exists (select 1 from claim),
             coalesce((select array_agg(achievement_id) from awarded), '{}'),
             coalesce((select jsonb_agg(c.name order by c.ends_at) from entered e join contests c on c.id = e.contest_id), '[]'::jsonb)
      into v_claimed, earned, tickets_in;
      if not v_claimed then
        status := 'daily_limit';
        return;
      end if;
      status := 'recorded';
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists record_act`.execute(db);
}

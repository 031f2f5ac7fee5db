/*
 * record_acts, the scan batch's one statement (docs/design.md, "A scan, from
 * tap to number"): for each decided scan, in order, the person's row lock and
 * version check, the daily limit, the act inserted with its number, the
 * person's totals, streak and freezes, achievements, then (asked of the
 * contests, which own them, once for the batch) contest tickets, in
 * parallel arrays (one element per scan). The TypeScript side
 * (scan/scan-repository.ts, recordActs) decides each scan's values and reads
 * the answers.
 *
 * This file is the function's only text, owned by the scan feature (its
 * declaration's `sqlFunctions`; the ownership test reads the installed body
 * from PostgreSQL and holds its writes to the scan's tables). To change it,
 * edit it here and add a migration that reinstalls it (installFunction,
 * platform/db/install-function.ts), as 2027-01-06-0053-active-days did;
 * migrations before 2026-12-16-0032-functions-in-files hold the older
 * versions they installed, frozen.
 */
export const RECORD_ACTS = String.raw`
create or replace function record_acts(
  p_daily_limit integer,
  p_user_ids text[],
  p_versions text[],
  p_act_ids text[],
  p_organization_ids text[],
  p_location_ids text[],
  p_card_series_ids text[],
  p_card_numbers integer[],
  p_card_types text[],
  p_scan_days date[],
  p_scanned_ats timestamptz[],
  p_rarities text[],
  p_user_pseudos text[],
  p_latitudes double precision[],
  p_longitudes double precision[],
  p_client_timestamps timestamptz[],
  p_total_acts integer[],
  p_current_streaks integer[],
  p_longest_streaks integer[],
  p_last_act_days date[],
  p_streak_freezes integer[],
  p_frozen_throughs date[],
  p_achievements text[],
  p_pending_scan_ids text[]
) returns table (out_act_id text, out_status text, out_act_number bigint, out_earned text[], out_tickets_in jsonb)
language plpgsql as $fn$
declare
  n integer := coalesce(array_length(p_user_ids, 1), 0);
  i integer;
  v_user text;
  v_version text;
  v_claimed boolean;
  v_earned_one text;
  v_status text[] := array_fill(null::text, array[n]);
  v_earned text[] := array_fill(null::text, array[n]);
  v_tickets jsonb[];
  v_recorded integer[] := '{}';
  v_last bigint;
begin
  for i in select t.ord from unnest(p_user_ids) with ordinality as t(uid, ord) order by t.uid, t.ord loop
    v_user := p_user_ids[i];
    perform 1 from users where id = v_user for no key update skip locked;
    if not found then
      v_status[i] := case when exists (select 1 from users where id = v_user) then 'busy' else 'gone' end;
      continue;
    end if;
    select xmin::text into v_version from user_stats where user_id = v_user;
    if v_version is distinct from p_versions[i] then
      v_status[i] := 'changed';
      continue;
    end if;
    -- A pending scan is spent once: its row is locked here, written with the act.
    if p_pending_scan_ids[i] is not null then
      perform 1 from pending_scans
      where id = p_pending_scan_ids[i] and claimed_by is null and expires_at > p_scanned_ats[i] for update;
      if not found then
        v_status[i] := 'claim_used';
        continue;
      end if;
    end if;
    -- Rule 5 (SCAN_RULES, scan-rules.ts), again under the person's lock: the
    -- person's writes in one statement, each conditional on the day's claim;
    -- at the daily limit nothing is written and the status is 'daily_limit'.
    with claim as (
      insert into user_scan_days (user_id, day, scans) values (v_user, p_scan_days[i], 1)
      on conflict (user_id, day) do update set scans = user_scan_days.scans + 1 where user_scan_days.scans < p_daily_limit
      -- The day's first act (a day all of whose acts were voided starts again at one): one more active day.
      returning 1 as claimed, (scans = 1)::int as new_day
    ), spent as (
      update pending_scans set claimed_by = v_user, claimed_at = p_scanned_ats[i], act_id = p_act_ids[i], latitude = null, longitude = null
      where id = p_pending_scan_ids[i] and exists (select 1 from claim)
    ), totals as (
      insert into user_stats (user_id, total_acts, current_streak, longest_streak, last_act_day, streak_freezes, last_frozen_day,
                              bronze, silver, gold, platinum, active_days)
      select v_user, p_total_acts[i], p_current_streaks[i], p_longest_streaks[i], p_last_act_days[i],
             p_streak_freezes[i], p_frozen_throughs[i],
             (p_rarities[i] = 'bronze')::int, (p_rarities[i] = 'silver')::int, (p_rarities[i] = 'gold')::int,
             (p_rarities[i] = 'platinum')::int, claim.new_day
      from claim
      on conflict (user_id) do update set
        total_acts = excluded.total_acts, current_streak = excluded.current_streak,
        longest_streak = excluded.longest_streak, last_act_day = excluded.last_act_day,
        streak_freezes = excluded.streak_freezes, last_frozen_day = excluded.last_frozen_day,
        bronze = user_stats.bronze + excluded.bronze, silver = user_stats.silver + excluded.silver,
        gold = user_stats.gold + excluded.gold, platinum = user_stats.platinum + excluded.platinum,
        active_days = user_stats.active_days + excluded.active_days
    ), awarded as (
      insert into user_achievements (user_id, achievement_id)
      select v_user, a from unnest(string_to_array(p_achievements[i], ',')) as a cross join claim
      on conflict (user_id, achievement_id) do nothing
      returning achievement_id
    )
    select exists (select 1 from claim),
           coalesce((select array_to_string(array_agg(achievement_id), ',') from awarded), '')
    into v_claimed, v_earned_one;
    if not v_claimed then
      v_status[i] := 'daily_limit';
      continue;
    end if;
    v_status[i] := 'recorded';
    v_earned[i] := v_earned_one;
    v_recorded := v_recorded || i;
  end loop;

  if cardinality(v_recorded) > 0 then
    -- The recorded acts' tickets, given by the contests, which own them
    -- (contests/sql/contest-tickets.ts), in one call for the batch, before
    -- the counter's lock: v_tickets follows v_recorded's order.
    v_tickets := contest_give_tickets(
      array(select p_user_ids[r.i] from unnest(v_recorded) with ordinality as r(i, ord) order by r.ord),
      array(select p_scanned_ats[r.i] from unnest(v_recorded) with ordinality as r(i, ord) order by r.ord));
    select last_number into v_last from act_counter where id = 1 for update;
    insert into acts (id, act_number, user_id, organization_id, location_id, card_series_id, card_number, card_type, scan_day,
                      rarity, user_pseudo, country, latitude, longitude, client_timestamp, scanned_at)
    select p_act_ids[r.i], v_last + r.ord, u.id, p_organization_ids[r.i], p_location_ids[r.i], p_card_series_ids[r.i],
           p_card_numbers[r.i], p_card_types[r.i], p_scan_days[r.i], p_rarities[r.i], p_user_pseudos[r.i], u.country,
           p_latitudes[r.i], p_longitudes[r.i], p_client_timestamps[r.i], p_scanned_ats[r.i]
    from unnest(v_recorded) with ordinality as r(i, ord) join users u on u.id = p_user_ids[r.i]
    order by r.ord;
    update act_counter set last_number = v_last + cardinality(v_recorded) where id = 1;
  end if;

  return query
    select p_act_ids[t.i], v_status[t.i], v_last + r.ord,
           case when v_status[t.i] = 'recorded' then string_to_array(v_earned[t.i], ',') end,
           case when v_status[t.i] = 'recorded' then v_tickets[r.ord] end
    from generate_subscripts(p_user_ids, 1) as t(i)
    left join unnest(v_recorded) with ordinality as r(i, ord) on r.i = t.i
    order by t.i;
end
$fn$
`;

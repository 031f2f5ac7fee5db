import { sql, type Kysely } from "kysely";
import type { DB } from "../src/server/db/schema.js";

const COUNTRIES = ["CA", "US", "FR", "BE", "CH", "MX", "BR", "GB", "DE", "ES", "IT", "MA", "SN", "CI", "HT", "JP", "IN", "AU", "NG", "PH"];

/**
 * Loads `acts` acts by `users` users at `organizations` organisations (one
 * location each) over the last three years, then builds every aggregate the
 * scan transaction maintains, as if each act had been recorded one by one.
 * Activity is skewed (a few people and places do much more), as in real use.
 */
export async function bulkLoad(db: Kysely<DB>, sizes: { acts: number; users: number; organizations: number }): Promise<void> {
  const { acts, users, organizations } = sizes;
  await sql`
    insert into users (id, username, email, email_verified, country, language_preference, onboarding_completed, is_official)
    select 'u' || i, 'reader' || i, 'reader' || i || '@example.test', true,
           (${sql.lit(`{${COUNTRIES.join(",")}}`)}::text[])[1 + (i % ${sql.lit(COUNTRIES.length)})], 'en', true, false
    from generate_series(1, ${sql.lit(users)}) as i`.execute(db);
  await sql`
    insert into organizations (id, name, type, industry, country, org_code)
    select 'o' || i, 'Organisation ' || i,
           case when i % 5 < 3 then 'company' when i % 5 = 3 then 'government' else 'non-profit' end,
           'Industry ' || (i % 12), (${sql.lit(`{${COUNTRIES.join(",")}}`)}::text[])[1 + (i % ${sql.lit(COUNTRIES.length)})], 'KND-B' || i
    from generate_series(1, ${sql.lit(organizations)}) as i`.execute(db);
  await sql`
    insert into business_locations (id, organization_id, name, latitude, longitude, qr_token)
    select 'l' || i, 'o' || i, 'Place ' || i, 40 + (i % 100) * 0.01, -74.5 + (i / 100) * 0.01, 'bulk-token-' || i
    from generate_series(1, ${sql.lit(organizations)}) as i`.execute(db);

  // Squaring a uniform draw skews who and where; duplicates of the one-per-location-per-day rule are dropped.
  await sql`
    create temporary table generated_acts as
    select distinct on (user_id, location_id, scan_day) *
    from (
      select 'u' || (1 + floor(${sql.lit(users)} * power(random(), 2))::int) as user_id,
             1 + floor(${sql.lit(organizations)} * power(random(), 2))::int as place,
             now() - random() * interval '3 years' as scanned_at,
             random() as draw
      from generate_series(1, ${sql.lit(Math.round(acts * 1.01))})
    ) raw
    cross join lateral (select 'l' || place as location_id, 'o' || place as organization_id,
                               (scanned_at at time zone 'America/New_York')::date as scan_day) derived
    order by user_id, location_id, scan_day`.execute(db);
  await sql`
    insert into acts (id, act_number, user_id, organization_id, location_id, card_type, scanned_at, scan_day, rarity, user_pseudo)
    select gen_random_uuid()::text, row_number() over (order by scanned_at), user_id, organization_id, location_id, 'virtual',
           scanned_at, scan_day,
           case when draw < 0.01 then 'platinum' when draw < 0.04 then 'gold' when draw < 0.14 then 'silver' else 'bronze' end,
           'Kindly #' || upper(substr(md5(user_id), 1, 4))
    from (select * from generated_acts order by scanned_at limit ${sql.lit(acts)}) chosen`.execute(db);
  await sql`drop table generated_acts`.execute(db);
  await sql`update act_counter set last_number = (select count(*) from acts) where id = 1`.execute(db);

  await sql`insert into user_scan_days (user_id, day, scans) select user_id, scan_day, count(*) from acts group by 1, 2`.execute(db);
  await sql`insert into daily_act_counts (day, acts) select scan_day, count(*) from acts group by 1`.execute(db);
  // Streaks: consecutive days form islands (day minus its rank is constant along one).
  await sql`
    insert into user_stats (user_id, total_acts, current_streak, longest_streak, last_act_day, bronze, silver, gold, platinum)
    with days as (select user_id, day, day - (row_number() over (partition by user_id order by day))::int as island from user_scan_days),
         islands as (select user_id, island, count(*)::int as length, max(day) as last_day from days group by 1, 2),
         streaks as (select user_id, max(length) as longest, max(last_day) as last_day,
                            (array_agg(length order by last_day desc))[1] as current from islands group by 1)
    select a.user_id, count(*), s.current, s.longest, s.last_day,
           count(*) filter (where rarity = 'bronze'), count(*) filter (where rarity = 'silver'),
           count(*) filter (where rarity = 'gold'), count(*) filter (where rarity = 'platinum')
    from acts a join streaks s using (user_id) group by a.user_id, s.current, s.longest, s.last_day`.execute(db);
  await sql`insert into act_total_histogram (total_acts, users) select total_acts, count(*) from user_stats group by 1`.execute(db);
  await sql`
    insert into leaderboard_counts (scope, period, subject_id, acts)
    with tagged as (
      select a.user_id, a.organization_id, u.country, o.type,
             unnest(array['all', 'y' || to_char(a.scan_day, 'YYYY'), 'm' || to_char(a.scan_day, 'YYYY-MM')]) as period
      from acts a join users u on u.id = a.user_id join organizations o on o.id = a.organization_id
    )
    select 'individual', period, user_id, count(*) from tagged group by 2, 3
    union all
    select case when type = 'company' then 'company' else 'organisation' end, period, organization_id, count(*) from tagged group by 1, 2, 3
    union all
    select 'country', period, country, count(*) from tagged where country is not null group by 2, 3`.execute(db);
  await sql`
    insert into user_achievements (user_id, achievement_id)
    select s.user_id, a.id from user_stats s join achievements a on
      (a.criteria_type = 'total_acts' and a.criteria_value <= s.total_acts) or
      (a.criteria_type = 'longest_streak' and a.criteria_value <= s.longest_streak) or
      (a.criteria_type = 'current_streak' and a.criteria_value <= s.longest_streak) or
      (a.criteria_type = 'platinum_count' and a.criteria_value <= s.platinum)`.execute(db);
  await sql`insert into contests (id, name_en, name_fr, starts_at, ends_at) values ('bulk', 'Bulk', 'Vrac', now() - interval '30 days', now() + interval '30 days')`.execute(db);
  await sql`
    insert into contest_entries (contest_id, user_id, tickets)
    select 'bulk', user_id, count(*) from acts where scanned_at > now() - interval '30 days' group by user_id`.execute(db);
  await sql`analyze`.execute(db);
}

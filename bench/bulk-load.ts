import { sql, type Kysely } from "kysely";
import type { DB } from "../src/server/platform/db/schema.js";
import { rebuildAggregates } from "../src/server/features/scan/index.js";
import { newSeed } from "../src/server/features/contests/fixtures.js";

/** How many places the big organisation has (bigOrganizationShare). */
export const BIG_ORGANIZATION_PLACES = 200;

/** The share of acts that are pass-it-on card scans, and the cards in each organisation's series. */
const CARD_SHARE = 0.1;
const CARDS_PER_SERIES = 100;

const COUNTRIES = ["CA", "US", "FR", "BE", "CH", "MX", "BR", "GB", "DE", "ES", "IT", "MA", "SN", "CI", "HT", "JP", "IN", "AU", "NG", "PH"];

/**
 * Loads `acts` acts by `users` users at `organizations` organisations (one
 * location each) over the last three years, then builds every aggregate
 * from them, as if each act had been recorded one by one.
 * Activity is skewed (a few people and places do much more), as in real use.
 */
export async function bulkLoad(
  db: Kysely<DB>,
  sizes: {
    acts: number;
    users: number;
    organizations: number;
    /** The share of the acts made at organisation `o1`, spread over `BIG_ORGANIZATION_PLACES` places (issue 62: one organisation with half). */
    bigOrganizationShare?: number;
  },
): Promise<void> {
  const { acts, users, organizations, bigOrganizationShare = 0 } = sizes;
  await sql`
    insert into users (id, username, email, email_verified, country, language_preference, onboarding_completed, is_official)
    select 'u' || i, 'reader' || i, 'reader' || i || '@example.test', true,
           (${sql.lit(`{${COUNTRIES.join(",")}}`)}::text[])[1 + (i % ${sql.lit(COUNTRIES.length)})], 'en', true, false
    from generate_series(1, ${sql.lit(users)}) as i`.execute(db);
  // People who use the app are signed in somewhere: the sessions table is not
  // empty when statistics are gathered (an empty one would leave the planner a
  // sequential-scan plan for a table that then grows under the benchmark).
  await sql`
    insert into sessions (id, token, user_id, expires_at)
    select 'bulk-session-' || i, md5('bulk-session-' || i), 'u' || i, now() + interval '7 days'
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

  // The big organisation's other places (its first is 'l1').
  if (bigOrganizationShare > 0) {
    await sql`
      insert into business_locations (id, organization_id, name, latitude, longitude, qr_token)
      select 'l1-' || i, 'o1', 'Big place ' || i, 45.4 + (i % 20) * 0.01, -73.7 + (i / 20) * 0.01, 'bulk-big-token-' || i
      from generate_series(2, ${sql.lit(BIG_ORGANIZATION_PLACES)}) as i`.execute(db);
  }
  // Each organisation hands out pass-it-on cards too (a series of 100).
  await sql`
    insert into card_series (id, organization_id, name, card_type, name_translations, card_count, qr_token)
    select 'cs' || i, 'o' || i, 'Cards ' || i, 'portable', '{}'::jsonb, ${sql.lit(CARDS_PER_SERIES)}, 'bulk-cards-' || i
    from generate_series(1, ${sql.lit(organizations)}) as i`.execute(db);
  // Squaring a uniform draw skews who and where; a tenth are card scans.
  // Duplicates of the rules are dropped: one scan per place per day, one card per organisation.
  await sql`
    create temporary table generated_acts as
    select distinct on (user_id, source_key, day_key) *
    from (
      select 'u' || (1 + floor(${sql.lit(users)} * power(random(), 2))::int) as user_id,
             case when random() < ${sql.lit(bigOrganizationShare)} then 1 else 1 + floor(${sql.lit(organizations)} * power(random(), 2))::int end
               as place,
             1 + floor(${sql.lit(BIG_ORGANIZATION_PLACES)} * random())::int as big_place,
             now() - random() * interval '3 years' as scanned_at,
             random() as draw,
             random() < ${sql.lit(CARD_SHARE)} as by_card
      from generate_series(1, ${sql.lit(Math.round(acts * 1.1))})
    ) raw
    cross join lateral (select case when place = 1 and big_place > 1 and ${sql.lit(bigOrganizationShare)} > 0 then 'l1-' || big_place else 'l' || place end
                                 as location_id,
                               'o' || place as organization_id,
                               (scanned_at at time zone 'America/New_York')::date as scan_day) derived
    cross join lateral (select case when by_card then organization_id else location_id end as source_key,
                               case when by_card then null else scan_day end as day_key) rule_keys
    order by user_id, source_key, day_key`.execute(db);
  await sql`
    insert into acts (id, act_number, user_id, organization_id, location_id, card_series_id, card_number, card_type, scanned_at, scan_day,
                      rarity, user_pseudo, country)
    select gen_random_uuid()::text, row_number() over (order by scanned_at), user_id, organization_id,
           case when by_card then null else location_id end,
           case when by_card then 'cs' || substr(organization_id, 2) end,
           case when by_card then 1 + floor(random() * ${sql.lit(CARDS_PER_SERIES)})::int end,
           case when by_card then 'portable' else 'virtual' end,
           scanned_at, scan_day,
           case when draw < 0.01 then 'platinum' when draw < 0.04 then 'gold' when draw < 0.14 then 'silver' else 'bronze' end,
           'Kindly #' || upper(substr(md5(user_id), 1, 4)), (select country from users where id = chosen.user_id)
    -- A random sample of the generated acts, over all three years (the oldest ones would leave the last months empty).
    from (select * from (select * from generated_acts order by random() limit ${sql.lit(acts)}) sample order by scanned_at) chosen`.execute(
    db,
  );
  await sql`drop table generated_acts`.execute(db);
  const { seed, seed_hash } = newSeed();
  await sql`insert into contests (id, name, starts_at, ends_at, seed, seed_hash)
            values ('bulk', '{"en": "Bulk", "fr": "Vrac"}'::jsonb, now() - interval '30 days', now() + interval '30 days', ${seed}, ${seed_hash})`.execute(
    db,
  );
  // Every aggregate comes from the definitions `kindly verify` checks, built
  // afresh in one statement each (rebuildAggregates), so the bulk load restates
  // none of the scan's rules.
  await rebuildAggregates(db);
  // As autovacuum would after so many inserts: statistics, and the visibility
  // map that lets the aggregates' reads be index-only scans.
  await vacuumSchema(db);
}

/** VACUUM ANALYZE of this schema's tables only (a bare VACUUM would do every schema of the database). */
export async function vacuumSchema(db: Kysely<DB>): Promise<void> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(db);
  await sql`vacuum analyze ${sql.join(rows.map((row) => sql.table(row.name)))}`.execute(db);
}

-- The SQL of one scan (POST /api/scans), as scan-service.ts runs it, for pgbench.
-- Each client is one user; a random far-past day and location keep the scan
-- rules from refusing, so every transaction does the full work of a recorded act.
\set loc random(1, 1000)
\set day random(1, 3000000)
\set draw random(0, 9999)
SELECT l.id, l.name, l.latitude, l.longitude, l.scan_radius_m, l.is_active, o.id AS org_id, o.name AS org_name, o.org_code, o.type AS org_type
  FROM business_locations l JOIN organizations o ON o.id = l.organization_id WHERE l.qr_token = 'bench-token-' || :loc;
BEGIN;
INSERT INTO user_scan_days (user_id, day, scans) VALUES ('bench-user-' || :client_id, date '2000-01-01' + :day, 1)
  ON CONFLICT (user_id, day) DO UPDATE SET scans = user_scan_days.scans + 1 WHERE user_scan_days.scans < 20 RETURNING scans;
SELECT id FROM acts WHERE user_id = 'bench-user-' || :client_id AND location_id = 'bench-loc-' || :loc
  AND scan_day = date '2000-01-01' + :day AND card_type = 'virtual';
SELECT u.country, s.total_acts, s.platinum, s.current_streak, s.longest_streak, s.last_act_day
  FROM users u LEFT JOIN user_stats s ON s.user_id = u.id WHERE u.id = 'bench-user-' || :client_id;
INSERT INTO user_stats (user_id, total_acts, current_streak, longest_streak, last_act_day, bronze, silver, gold, platinum)
  VALUES ('bench-user-' || :client_id, 1, 1, 1, date '2000-01-01' + :day, 1, 0, 0, 0)
  ON CONFLICT (user_id) DO UPDATE SET total_acts = user_stats.total_acts + 1, current_streak = 1, longest_streak = 1,
  last_act_day = date '2000-01-01' + :day, bronze = user_stats.bronze + 1;
UPDATE act_total_histogram SET users = users - 1 WHERE total_acts = :draw + 1;
INSERT INTO act_total_histogram (total_acts, users) VALUES (:draw + 2, 1)
  ON CONFLICT (total_acts) DO UPDATE SET users = act_total_histogram.users + 1;
INSERT INTO leaderboard_counts (scope, period, subject_id, acts) VALUES
  ('individual', 'all', 'bench-user-' || :client_id, 1), ('individual', 'y2026', 'bench-user-' || :client_id, 1), ('individual', 'm2026-11', 'bench-user-' || :client_id, 1)
  ON CONFLICT (scope, period, subject_id) DO UPDATE SET acts = leaderboard_counts.acts + 1;
INSERT INTO contest_entries (contest_id, user_id, tickets)
  SELECT id, 'bench-user-' || :client_id, 1 FROM contests WHERE starts_at <= now() AND ends_at > now()
  ON CONFLICT (contest_id, user_id) DO UPDATE SET tickets = contest_entries.tickets + 1, updated_at = now();
INSERT INTO user_achievements (user_id, achievement_id)
  SELECT 'bench-user-' || :client_id, id FROM achievements WHERE (criteria_type = 'total_acts' AND criteria_value <= 1)
  OR (criteria_type = 'current_streak' AND criteria_value <= 1) OR (criteria_type = 'longest_streak' AND criteria_value <= 1)
  OR (criteria_type = 'platinum_count' AND criteria_value <= 0)
  ON CONFLICT (user_id, achievement_id) DO NOTHING RETURNING achievement_id;
WITH shared AS (
  INSERT INTO leaderboard_counts (scope, period, subject_id, acts) VALUES
    ('company', 'all', 'bench-org', 1), ('company', 'y2026', 'bench-org', 1), ('company', 'm2026-11', 'bench-org', 1),
    ('country', 'all', 'CA', 1), ('country', 'y2026', 'CA', 1), ('country', 'm2026-11', 'CA', 1)
  ON CONFLICT (scope, period, subject_id) DO UPDATE SET acts = leaderboard_counts.acts + 1
), today AS (
  INSERT INTO daily_act_counts (day, acts) VALUES (date '2000-01-01' + :day, 1) ON CONFLICT (day) DO UPDATE SET acts = daily_act_counts.acts + 1
), numbered AS (
  UPDATE act_counter SET last_number = last_number + 1 WHERE id = 1 RETURNING last_number
), recorded AS (
  INSERT INTO acts (id, act_number, user_id, organization_id, location_id, card_series_id, card_type, scan_day, rarity, user_pseudo, latitude, longitude, client_timestamp)
  SELECT gen_random_uuid()::text, last_number, 'bench-user-' || :client_id, 'bench-org', 'bench-loc-' || :loc, NULL, 'virtual',
    date '2000-01-01' + :day, 'bronze', 'Kindly #BNCH', 45.5, -73.5, now() FROM numbered
  RETURNING act_number, scanned_at
)
SELECT act_number, scanned_at, pg_notify('kindly_events_kindly_bench_sql', json_build_object('type', 'act', 'act',
  json_build_object('actNumber', act_number, 'scannedAt', scanned_at, 'pseudonym', 'Kindly #BNCH', 'organizationName', 'Bench Co'))::text)
FROM recorded;
COMMIT;
SELECT message_en AS message FROM kind_messages WHERE is_active = true ORDER BY random() LIMIT 1;

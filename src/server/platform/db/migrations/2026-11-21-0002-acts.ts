import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// Acts are the source of truth. Every read the app serves often (counters,
// leaderboards, ranks, streaks) comes from a small aggregate table kept up to
// date inside the scan transaction, so its cost does not grow with the number
// of acts.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('company', 'government', 'non-profit')`))
    .addColumn("industry", "text")
    .addColumn("country", "text")
    .addColumn("org_code", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // qr_token is what a printed code carries as `loc`: unguessable, and
  // replaced when the organisation renews the code (the old print stops working).
  await db.schema
    .createTable("business_locations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("latitude", "double precision", (c) => c.notNull().check(sql`latitude between -90 and 90`))
    .addColumn("longitude", "double precision", (c) => c.notNull().check(sql`longitude between -180 and 180`))
    .addColumn("scan_radius_m", "integer", (c) =>
      c
        .notNull()
        .defaultTo(100)
        .check(sql`scan_radius_m between 10 and 1000`),
    )
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("qr_token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("business_locations_org_idx").on("business_locations").column("organization_id").execute();

  await db.schema
    .createTable("card_series")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("card_type", "text", (c) => c.notNull().check(sql`card_type in ('physical', 'portable')`))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("qr_token", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("card_series_org_idx").on("card_series").column("organization_id").execute();

  await db.schema
    .createTable("acts")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("act_number", "bigint", (c) => c.notNull().unique())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id"))
    .addColumn("location_id", "text", (c) => c.references("business_locations.id"))
    .addColumn("card_series_id", "text", (c) => c.references("card_series.id"))
    .addColumn("card_type", "text", (c) => c.notNull().check(sql`card_type in ('virtual', 'physical', 'portable')`))
    .addColumn("scanned_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The America/New_York calendar day of scanned_at: the day every limit counts in.
    .addColumn("scan_day", "date", (c) => c.notNull())
    .addColumn("rarity", "text", (c) =>
      c
        .notNull()
        .defaultTo("bronze")
        .check(sql`rarity in ('bronze', 'silver', 'gold', 'platinum')`),
    )
    .addColumn("user_pseudo", "text", (c) => c.notNull())
    .addColumn("latitude", "double precision")
    .addColumn("longitude", "double precision")
    .addColumn("client_timestamp", "timestamptz")
    .addCheckConstraint("acts_source_matches_type", sql`(card_type = 'virtual') = (location_id is not null)`)
    .execute();
  // The scanning rules, backed by the database itself.
  await sql`create unique index acts_one_virtual_per_location_day on acts (user_id, location_id, scan_day) where card_type = 'virtual'`.execute(
    db,
  );
  await sql`create unique index acts_one_card_per_organization on acts (user_id, organization_id) where card_type <> 'virtual'`.execute(db);
  await sql`create index acts_user_history_idx on acts (user_id, act_number desc)`.execute(db);
  await sql`create index acts_organization_idx on acts (organization_id)`.execute(db);

  // One row; its lock is the last step of a scan, so numbers are gapless.
  await db.schema
    .createTable("act_counter")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("last_number", "bigint", (c) => c.notNull())
    .execute();
  await sql`insert into act_counter (id, last_number) values (1, 0)`.execute(db);

  // Scans per user per New York day; the check is the daily limit.
  await db.schema
    .createTable("user_scan_days")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("scans", "integer", (c) => c.notNull().check(sql`scans between 0 and 20`))
    .addPrimaryKeyConstraint("user_scan_days_pkey", ["user_id", "day"])
    .execute();

  await db.schema
    .createTable("user_stats")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("total_acts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("current_streak", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("longest_streak", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_act_day", "date")
    .addColumn("bronze", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("silver", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("gold", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("platinum", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  // How many users have exactly N acts: a rank is one sum over this small table.
  await db.schema
    .createTable("act_total_histogram")
    .addColumn("total_acts", "integer", (c) => c.primaryKey())
    .addColumn("users", "integer", (c) => c.notNull())
    .execute();

  // Acts per subject per period. scope: individual | company | organisation | country;
  // period: 'all', 'y2026' or 'm2026-11' (New York calendar).
  await db.schema
    .createTable("leaderboard_counts")
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("period", "text", (c) => c.notNull())
    .addColumn("subject_id", "text", (c) => c.notNull())
    .addColumn("acts", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("leaderboard_counts_pkey", ["scope", "period", "subject_id"])
    .execute();
  await sql`create index leaderboard_counts_rank_idx on leaderboard_counts (scope, period, acts desc, subject_id)`.execute(db);

  await db.schema
    .createTable("daily_act_counts")
    .addColumn("day", "date", (c) => c.primaryKey())
    .addColumn("acts", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("achievements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("icon", "text", (c) => c.notNull())
    .addColumn("points", "integer", (c) => c.notNull())
    .addColumn("criteria_type", "text", (c) =>
      c.notNull().check(sql`criteria_type in ('total_acts', 'current_streak', 'longest_streak', 'platinum_count')`),
    )
    .addColumn("criteria_value", "integer", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();
  await db
    .insertInto("achievements")
    .values(
      (
        [
          ["first_record", "sparkles", 10, "total_acts", 1],
          ["connection_builder", "link", 25, "total_acts", 10],
          ["consistency_spark", "flame", 30, "current_streak", 7],
          ["well_being_collector", "heart", 50, "total_acts", 50],
          ["streak_master", "zap", 100, "current_streak", 30],
          ["kindness_champion", "trophy", 100, "total_acts", 100],
          ["platinum_collector", "gem", 150, "platinum_count", 10],
          ["kindness_veteran", "medal", 200, "total_acts", 250],
          ["kindness_master", "crown", 300, "total_acts", 500],
          ["kindness_legend", "star", 500, "total_acts", 1000],
          ["dedication_champion", "calendar-check", 250, "current_streak", 60],
        ] as const
      ).map(([id, icon, points, criteria_type, criteria_value], index) => ({
        id,
        icon,
        points,
        criteria_type,
        criteria_value,
        sort_order: index + 1,
      })),
    )
    .execute();

  await db.schema
    .createTable("user_achievements")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("achievement_id", "text", (c) => c.notNull().references("achievements.id"))
    .addColumn("earned_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("user_achievements_pkey", ["user_id", "achievement_id"])
    .execute();

  // A contest's state comes from its dates (docs/design.md §4.7), so none is stored.
  await db.schema
    .createTable("contests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name_en", "text", (c) => c.notNull())
    .addColumn("name_fr", "text", (c) => c.notNull())
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("contests_dates_in_order", sql`ends_at > starts_at`)
    .execute();
  await db.schema.createIndex("contests_dates_idx").on("contests").columns(["starts_at", "ends_at"]).execute();

  await db.schema
    .createTable("contest_prizes")
    .addColumn("contest_id", "text", (c) => c.notNull().references("contests.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("category_en", "text", (c) => c.notNull())
    .addColumn("category_fr", "text", (c) => c.notNull())
    .addColumn("prize_en", "text", (c) => c.notNull())
    .addColumn("prize_fr", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("contest_prizes_pkey", ["contest_id", "position"])
    .execute();

  await db.schema
    .createTable("contest_entries")
    .addColumn("contest_id", "text", (c) => c.notNull().references("contests.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tickets", "integer", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("contest_entries_pkey", ["contest_id", "user_id"])
    .execute();
  await db.schema.createIndex("contest_entries_user_idx").on("contest_entries").column("user_id").execute();

  await db.schema
    .createTable("kind_messages")
    .addColumn("id", "serial", (c) => c.primaryKey())
    .addColumn("message_en", "text", (c) => c.notNull())
    .addColumn("message_fr", "text", (c) => c.notNull())
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await db
    .insertInto("kind_messages")
    .values(
      [
        [
          "Someone noticed your kindness today. Thank you for making the world a little softer.",
          "Quelqu'un a remarqué ta gentillesse aujourd'hui. Merci de rendre le monde un peu plus doux.",
        ],
        ["Small acts, repeated, change whole neighbourhoods.", "Les petits gestes, répétés, changent des quartiers entiers."],
        [
          "Your act just joined thousands of others. Keep it going!",
          "Ton geste vient de rejoindre des milliers d'autres. Continue comme ça!",
        ],
        [
          "Kindness is contagious: pass it on to the next person you meet.",
          "La bienveillance, ça se transmet : passe-la à la prochaine personne que tu croises.",
        ],
        [
          "Take a moment to thank someone who helped you this week.",
          "Prends un moment pour remercier quelqu'un qui t'a aidé cette semaine.",
        ],
        [
          "A smile costs nothing and can brighten someone's whole day.",
          "Un sourire ne coûte rien et peut illuminer la journée de quelqu'un.",
        ],
      ].map(([message_en, message_fr]) => ({ message_en, message_fr })),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "kind_messages",
    "contest_entries",
    "contest_prizes",
    "contests",
    "user_achievements",
    "achievements",
    "daily_act_counts",
    "leaderboard_counts",
    "act_total_histogram",
    "user_stats",
    "user_scan_days",
    "act_counter",
    "acts",
    "card_series",
    "business_locations",
    "organizations",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}

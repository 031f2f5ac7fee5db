import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code.
//
// Organisations as people run them: a stored registration request that the
// official account approves or declines, members with a role in the
// organisation, invitations waiting for someone to sign up, locations with
// their parsed address, card series with a number of printed cards, and
// saved campaigns. Plus what the dashboard and the map read fast.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("organizations")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .execute();

  // owner: everything, including other owners; admin: settings and members;
  // business: the dashboard, locations, cards and campaigns.
  await db.schema
    .createTable("organization_members")
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'admin', 'business')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("organization_members_pkey", ["organization_id", "user_id"])
    .execute();
  await db.schema.createIndex("organization_members_user_idx").on("organization_members").column("user_id").execute();

  // An invitation is for an email address: the person it names joins when an
  // account with that (confirmed) address opens its organisations.
  await db.schema
    .createTable("organization_invitations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role in ('owner', 'admin', 'business')`))
    .addColumn("invited_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("accepted_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index organization_invitations_pending on organization_invitations (organization_id, email) where accepted_at is null`.execute(
    db,
  );
  await sql`create index organization_invitations_email_idx on organization_invitations (email) where accepted_at is null`.execute(db);

  await db.schema
    .createTable("organization_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("contact_name", "text", (c) => c.notNull())
    .addColumn("organization_name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().check(sql`type in ('company', 'government', 'non-profit')`))
    .addColumn("industry", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("website", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("plan", "text", (c) => c.notNull().check(sql`plan in ('physical', 'virtual', 'complete')`))
    .addColumn("priority", "text", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull().check(sql`language in ('en', 'fr')`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'approved', 'declined')`),
    )
    .addColumn("decline_reason", "text")
    .addColumn("decided_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "timestamptz")
    .addColumn("organization_id", "text", (c) => c.references("organizations.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index organization_requests_status_idx on organization_requests (status, created_at desc)`.execute(db);
  await sql`create index organization_requests_email_idx on organization_requests (email)`.execute(db);

  // The address as the location dialog parses it.
  for (const column of ["city", "province", "postal_code", "country"]) {
    await db.schema
      .alterTable("business_locations")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  // The map asks for the active places inside a box.
  await sql`create index business_locations_map_idx on business_locations (latitude, longitude) where is_active`.execute(db);

  // How many cards of a series were printed; a portable card's number (1..count) is in its link.
  await db.schema
    .alterTable("card_series")
    .addColumn("card_count", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`card_count between 0 and 10000`),
    )
    .execute();
  await db.schema.alterTable("acts").addColumn("card_number", "integer").execute();

  // The dashboard reads an organisation's acts by time and by location.
  await sql`create index acts_organization_time_idx on acts (organization_id, scanned_at) include (card_type, location_id, user_id)`.execute(
    db,
  );
  await sql`create index acts_location_idx on acts (location_id) where location_id is not null`.execute(db);
  await sql`drop index acts_organization_idx`.execute(db);

  await db.schema
    .createTable("campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organization_id", "text", (c) => c.notNull().references("organizations.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("effect", "text", (c) => c.notNull().check(sql`effect in ('flash', 'glow', 'pulse', 'rainbow', 'sparkle')`))
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("paused_at", "timestamptz")
    .addColumn("ended_at", "timestamptz")
    .addColumn("created_by", "text", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("campaigns_org_idx").on("campaigns").columns(["organization_id", "created_at"]).execute();
  // The map asks which campaigns run now: few of all campaigns ever made.
  await sql`create index campaigns_live_idx on campaigns (ends_at) where ended_at is null and paused_at is null`.execute(db);
  await db.schema
    .createTable("campaign_locations")
    .addColumn("campaign_id", "text", (c) => c.notNull().references("campaigns.id").onDelete("cascade"))
    .addColumn("location_id", "text", (c) => c.notNull().references("business_locations.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("campaign_locations_pkey", ["campaign_id", "location_id"])
    .execute();
  await db.schema.createIndex("campaign_locations_location_idx").on("campaign_locations").column("location_id").execute();

  // The dashboard's figures, kept by the numbering step like the other shared
  // aggregates (recomputable from the acts; `kindly verify` checks them):
  // acts per New York day, hour and card type; per location or card series
  // per day; and per location or card series in all.
  await db.schema
    .createTable("organization_hour_counts")
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("hour", "smallint", (c) => c.notNull())
    .addColumn("card_type", "text", (c) => c.notNull())
    .addColumn("acts", "integer", (c) => c.notNull())
    .execute();
  // The counts ride in the keys' index, so a period's figures are read from the index alone.
  await sql`alter table organization_hour_counts add constraint organization_hour_counts_pkey
            primary key (organization_id, day, hour, card_type) include (acts)`.execute(db);
  await db.schema
    .createTable("source_day_counts")
    .addColumn("organization_id", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("source_id", "text", (c) => c.notNull())
    .addColumn("acts", "integer", (c) => c.notNull())
    .execute();
  await sql`alter table source_day_counts add constraint source_day_counts_pkey
            primary key (organization_id, day, source_id) include (acts)`.execute(db);
  await db.schema
    .createTable("source_totals")
    .addColumn("source_id", "text", (c) => c.primaryKey())
    .addColumn("acts", "integer", (c) => c.notNull())
    .execute();

  // Geocoding answers, kept so a provider's usage policy is respected and typing is fast.
  await db.schema
    .createTable("geocode_cache")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("answer", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "organization_hour_counts",
    "source_day_counts",
    "source_totals",
    "geocode_cache",
    "campaign_locations",
    "campaigns",
    "organization_requests",
    "organization_invitations",
    "organization_members",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  await sql`create index if not exists acts_organization_idx on acts (organization_id)`.execute(db);
  await sql`drop index if exists acts_location_idx`.execute(db);
  await sql`drop index if exists acts_organization_time_idx`.execute(db);
  await db.schema.alterTable("acts").dropColumn("card_number").execute();
  await db.schema.alterTable("card_series").dropColumn("card_count").execute();
  await sql`drop index if exists business_locations_map_idx`.execute(db);
  for (const column of ["city", "province", "postal_code", "country"]) {
    await db.schema.alterTable("business_locations").dropColumn(column).execute();
  }
  await db.schema.alterTable("organizations").dropColumn("created_by").execute();
}

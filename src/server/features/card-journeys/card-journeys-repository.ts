import { sql, type Kysely } from "kysely";
import type { DB } from "../../platform/db/schema.js";
import type { CardTravel } from "../../../shared/schemas/cards.js";

import type { CardRef } from "../scan/index.js";
import { people } from "../users/read-models.js";
import { publishedCardSeries, publishedOrganizations } from "../organizations/read-models.js";
import { publishedActs } from "../scan/read-models.js";

export type { CardRef };

/** Unnumbered cards of a series (links without `card`) share one journey. */
const sameCard = (card: CardRef) =>
  card.cardNumber === null ? sql<boolean>`a.card_number is null` : sql<boolean>`a.card_number = ${card.cardNumber}`;

export async function findPortableSeries(db: Kysely<DB>, seriesId: string) {
  return db
    .selectFrom(publishedCardSeries.from(db).as("c"))
    .innerJoin(publishedOrganizations.from(db).as("o"), "o.id", "c.organization_id")
    .select(["c.id", "c.name", "c.name_translations", "o.name as organization_name"])
    .where("c.id", "=", seriesId)
    .where("c.card_type", "=", "portable")
    .executeTakeFirst();
}

export interface StopRow {
  act_id: string;
  act_number: number | null;
  user_id: string | null;
  username: string | null;
  show_username: boolean;
  scan_day: string;
  latitude: number | null;
  longitude: number | null;
  place_name: string | null;
}

/** Every scan of the card, in the order it travelled. */
export async function journeyStops(db: Kysely<DB>, card: CardRef): Promise<StopRow[]> {
  const { rows } = await sql<StopRow>`
    select a.id as act_id, a.act_number, a.user_id, u.username, coalesce(u.show_on_card_journeys and u.deletion_requested_at is null, false) as show_username,
           a.scan_day::text as scan_day, a.latitude, a.longitude, a.place_name
    from ${publishedActs.sql} a left join ${people.sql} u on u.id = a.user_id
    where a.card_type = 'portable' and a.card_series_id = ${card.seriesId} and ${sameCard(card)}
    order by a.scanned_at, a.id
  `.execute(db);
  return rows.map((row) => ({
    ...row,
    act_number: row.act_number === null ? null : Number(row.act_number),
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
  }));
}

/** Whether this holder asked for no more news of the card. */
export async function isMuted(db: Kysely<DB>, card: CardRef, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("card_mutes")
    .select("user_id")
    .where("card_series_id", "=", card.seriesId)
    .where("card_number", "=", card.cardNumber ?? 0)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function mute(db: Kysely<DB>, card: CardRef, userId: string): Promise<void> {
  await db
    .insertInto("card_mutes")
    .values({ card_series_id: card.seriesId, card_number: card.cardNumber ?? 0, user_id: userId })
    .onConflict((c) => c.doNothing())
    .execute();
}

export async function unmute(db: Kysely<DB>, card: CardRef, userId: string): Promise<void> {
  await db
    .deleteFrom("card_mutes")
    .where("card_series_id", "=", card.seriesId)
    .where("card_number", "=", card.cardNumber ?? 0)
    .where("user_id", "=", userId)
    .execute();
}

/** Earlier holders of the card to tell of its travels: everyone who held it but `mover`, minus who silenced it. */
export async function holdersToTell(db: Kysely<DB>, card: CardRef & { cardNumber: number }, mover: string): Promise<string[]> {
  const rows = await db
    .selectFrom(publishedActs.from(db).as("a"))
    .select("a.user_id")
    .distinct()
    .where("a.card_type", "=", "portable")
    .where("a.card_series_id", "=", card.seriesId)
    .where("a.card_number", "=", card.cardNumber)
    .where("a.user_id", "is not", null)
    .where("a.user_id", "!=", mover)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("card_mutes as m")
            .select("m.user_id")
            .whereRef("m.user_id", "=", "a.user_id")
            .where("m.card_series_id", "=", card.seriesId)
            .where("m.card_number", "=", card.cardNumber),
        ),
      ),
    )
    .execute();
  return rows.map((row) => row.user_id!);
}

/** Claims today's travels notice for the card: false when one went out already today. */
export async function claimTravelNotice(db: Kysely<DB>, card: CardRef & { cardNumber: number }, day: string): Promise<boolean> {
  const row = await db
    .insertInto("card_travel_notices")
    .values({ card_series_id: card.seriesId, card_number: card.cardNumber, day })
    .onConflict((c) => c.doNothing())
    .returning("day")
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertNotifications(db: Kysely<DB>, rows: { id: string; user_id: string; data: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("travel_news")
    .values(rows.map((row) => ({ ...row, kind: "card_moved" as const })))
    .execute();
}

/** A piece of news's travel, as `insertNotifications` stored it (news from before series had names per language has none). */
export type StoredTravel = Omit<CardTravel, "cardTranslations"> & Partial<Pick<CardTravel, "cardTranslations">>;

/** The one place a news row's `data` is read back. */
const withTravel = <Row extends { data: string }>(row: Row): Omit<Row, "data"> & { data: StoredTravel } => ({
  ...row,
  data: JSON.parse(row.data) as StoredTravel,
});

export async function listNotifications(db: Kysely<DB>, userId: string, limit: number) {
  const rows = await db
    .selectFrom("travel_news")
    .select(["id", "kind", "data", "created_at", "read_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .limit(limit)
    .execute();
  return rows.map(withTravel);
}

/** Every piece of in-app news a person has, oldest first (their data archive). */
export async function listAllNews(db: Kysely<DB>, userId: string) {
  const rows = await db
    .selectFrom("travel_news")
    .select(["data", "created_at", "read_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .execute();
  return rows.map(withTravel);
}

export async function countUnread(db: Kysely<DB>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("travel_news")
    .select((eb) => eb.fn.countAll<string>().as("unread"))
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.unread);
}

export async function markAllRead(db: Kysely<DB>, userId: string): Promise<void> {
  await db
    .updateTable("travel_news")
    .set({ read_at: sql`now()` })
    .where("user_id", "=", userId)
    .where("read_at", "is", null)
    .execute();
}

/** The first card's news by email today for this person: true once, then false (later news waits for the digest). */
export async function claimTravelEmailDay(db: Kysely<DB>, userId: string, day: string): Promise<boolean> {
  const row = await db
    .insertInto("travel_email_days")
    .values({ user_id: userId, day })
    .onConflict((c) => c.doNothing())
    .returning("day")
    .executeTakeFirst();
  return row !== undefined;
}

export async function queueTravelNews(db: Kysely<DB>, row: { id: string; user_id: string; day: string; travel: string; created_at: Date }) {
  await db.insertInto("pending_travel_news").values(row).execute();
}

/**
 * Takes the news waiting from days before `today`, each person's together,
 * oldest first: deleted as they are read, so two servers never send one twice.
 */
export async function takeWaitingTravelNews(db: Kysely<DB>, today: string) {
  const rows = await db.deleteFrom("pending_travel_news").where("day", "<", today).returning(["user_id", "travel", "created_at"]).execute();
  const byPerson = new Map<string, typeof rows>();
  for (const row of rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime())) {
    byPerson.set(row.user_id, [...(byPerson.get(row.user_id) ?? []), row]);
  }
  return byPerson;
}

/** The days' claims of a week ago and more are of no use any more. */
export async function forgetOldTravelEmailDays(db: Kysely<DB>, before: string): Promise<void> {
  await db.deleteFrom("travel_email_days").where("day", "<", before).execute();
}

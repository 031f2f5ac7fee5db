import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { distanceMeters } from "../../../shared/acts/distance.js";
import { daysBetween } from "../../../shared/acts/new-york-time.js";
import { languageFromTag, type Language } from "../../../shared/i18n/languages.js";
import { cardJourneyId, coarsen, parseCardJourneyId, type CardJourney, type Notifications } from "../../../shared/schemas/cards.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../http/app-error.js";
import type { Geocoder } from "../../platform/geocoding/geocoding-service.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import * as repo from "./card-journeys-repository.js";

/** A journey's card: a portable card that exists. Physical and virtual codes have no journey. */
async function portableCard(db: Kysely<DB>, cardId: string) {
  const card = parseCardJourneyId(cardId);
  const series = card && (await repo.findPortableSeries(db, card.seriesId));
  if (!card || !series) throw new AppError("not_found");
  return { card, series };
}

/**
 * A card's journey: how many people it reached, over how many days, how far
 * it went between the places its holders shared, and its stops. Positions
 * leave the server on the 0.01° grid whatever was stored; a holder's
 * username only if they chose to show it.
 */
export async function cardJourney(db: Kysely<DB>, cardId: string, viewerId: string | null): Promise<CardJourney> {
  const { card, series } = await portableCard(db, cardId);
  const rows = await repo.journeyStops(db, card);
  if (rows.length === 0) throw new AppError("not_found");
  const stops = rows.map((row, index) => ({
    order: index + 1,
    day: row.scan_day,
    holder: row.show_username ? row.username : null,
    place:
      row.latitude !== null && row.longitude !== null
        ? { lat: coarsen(row.latitude), lon: coarsen(row.longitude), name: row.place_name }
        : null,
  }));
  const placed = stops.flatMap((stop) => (stop.place ? [stop.place] : []));
  let meters = 0;
  for (let i = 1; i < placed.length; i++) meters += distanceMeters(placed[i - 1]!, placed[i]!);
  const mine = viewerId ? rows.filter((row) => row.user_id === viewerId) : [];
  let me: CardJourney["me"] = null;
  if (viewerId && mine.length > 0) {
    const [following, viewer] = await Promise.all([
      repo.follower(db, card, viewerId),
      db.selectFrom("users").select("show_on_card_journeys").where("id", "=", viewerId).executeTakeFirstOrThrow(),
    ]);
    me = {
      following: following !== undefined,
      byEmail: following?.by_email ?? false,
      showUsername: viewer.show_on_card_journeys,
      canAddPlace: mine.some((row) => row.latitude === null),
    };
  }
  return {
    id: cardJourneyId(card.seriesId, card.cardNumber),
    cardName: series.name,
    cardNumber: card.cardNumber,
    organizationName: series.organization_name,
    people: new Set(rows.map((row) => row.user_id)).size,
    days: daysBetween(rows[0]!.scan_day, rows.at(-1)!.scan_day) + 1,
    distanceKm: Math.round(meters / 1000),
    stops,
    me,
  };
}

async function holderCard(db: Kysely<DB>, cardId: string, userId: string) {
  const { card } = await portableCard(db, cardId);
  const rows = await repo.journeyStops(db, card);
  if (!rows.some((row) => row.user_id === userId)) throw new AppError("forbidden");
  return card;
}

/** Only someone who held the card may follow it. */
export async function followCard(db: Kysely<DB>, cardId: string, userId: string, byEmail: boolean): Promise<void> {
  await repo.follow(db, await holderCard(db, cardId, userId), userId, byEmail);
}

export async function unfollowCard(db: Kysely<DB>, cardId: string, userId: string): Promise<void> {
  const { card } = await portableCard(db, cardId);
  await repo.unfollow(db, card, userId);
}

/**
 * A holder puts their stop on the map. The position is coarsened before it
 * is stored or sent anywhere (the city is asked of the geocoding provider
 * for the coarse point, so even it never learns where the person stood).
 */
export async function addPlace(
  deps: { db: Kysely<DB>; geocoder: Geocoder },
  cardId: string,
  userId: string,
  position: { lat: number; lon: number },
  language: Language,
): Promise<void> {
  const card = await holderCard(deps.db, cardId, userId);
  const lat = coarsen(position.lat);
  const lon = coarsen(position.lon);
  let name: string | null = null;
  try {
    const address = await deps.geocoder.reverse(lat, lon, language);
    name = address ? [address.city, address.province || address.country].filter(Boolean).join(", ") || null : null;
  } catch {
    // Without the provider, the stop is on the map with no city name.
  }
  await repo.setStopPlace(deps.db, card, userId, { lat, lon, name });
}

export async function setJourneyVisibility(db: Kysely<DB>, userId: string, showUsername: boolean): Promise<void> {
  await repo.setJourneyVisibility(db, userId, showUsername);
}

/**
 * After someone scans a portable card: each earlier holder who follows it
 * gets a notice in the app, and an email if they asked for one.
 */
export async function announceCardMove(
  deps: { db: Kysely<DB>; mailer: Mailer; appUrl: string },
  card: repo.CardRef,
  moverId: string,
): Promise<void> {
  const followers = await repo.followersExcept(deps.db, card, moverId);
  if (followers.length === 0) return;
  const journey = await cardJourney(deps.db, cardJourneyId(card.seriesId, card.cardNumber), null);
  const data = { cardId: journey.id, cardName: journey.cardName, organizationName: journey.organizationName, people: journey.people };
  await repo.insertNotifications(
    deps.db,
    followers.map((f) => ({ id: randomUUID(), user_id: f.user_id, data: JSON.stringify(data) })),
  );
  for (const f of followers.filter((f) => f.by_email)) {
    const language = languageFromTag(f.language_preference);
    await deps.mailer.send(
      accountEmail(
        "cardMoved",
        language,
        f.email,
        { username: f.username, cardName: data.cardName, organizationName: data.organizationName, people: String(data.people) },
        `${deps.appUrl}/cards/${data.cardId}`,
      ),
    );
  }
}

const NOTIFICATION_LIMIT = 20;

export async function myNotifications(db: Kysely<DB>, userId: string): Promise<Notifications> {
  const [rows, unread] = await Promise.all([repo.listNotifications(db, userId, NOTIFICATION_LIMIT), repo.countUnread(db, userId)]);
  return {
    unread,
    notifications: rows.map((row) => {
      const data = JSON.parse(row.data) as { cardId: string; cardName: string; organizationName: string; people: number };
      return { id: row.id, kind: row.kind, createdAt: new Date(row.created_at).toISOString(), read: row.read_at !== null, ...data };
    }),
  };
}

export async function markNotificationsRead(db: Kysely<DB>, userId: string): Promise<void> {
  await repo.markAllRead(db, userId);
}

import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { distanceMeters } from "../../../shared/acts/distance.js";
import { addDays, daysBetween, newYorkDay, newYorkHour } from "../../../shared/acts/new-york-time.js";
import type { Language } from "../../../shared/i18n/languages.js";
import {
  cardJourneyId,
  coarsen,
  parseCardJourneyId,
  type CardJourney,
  type CardStory,
  type Notifications,
} from "../../../shared/schemas/cards.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import type { Geocoder } from "../../platform/geocoding/geocoding-service.js";
import type { Notifier } from "../../platform/notify/notifier.js";
import { thanksStatus } from "../thanks/index.js";
import { travelsDigestNotice, travelsNotice } from "./travels-notice.js";
import * as repo from "./card-journeys-repository.js";
import { showOnCardJourneys } from "../users/index.js";
import { people } from "../users/read-models.js";
import { placeHolderStop, type CardJourneyPort } from "../scan/index.js";

/** The length of a path through `points`, in their order. */
function pathMeters(points: { lat: number; lon: number }[]): number {
  let meters = 0;
  for (let i = 1; i < points.length; i++) meters += distanceMeters(points[i - 1]!, points[i]!);
  return meters;
}

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
  const meters = pathMeters(placed);
  const mine = viewerId ? rows.filter((row) => row.user_id === viewerId) : [];
  let me: CardJourney["me"] = null;
  if (viewerId && mine.length > 0) {
    const [muted, viewer] = await Promise.all([
      repo.isMuted(db, card, viewerId),
      db.selectFrom(people.from(db).as("person")).select("show_on_card_journeys").where("id", "=", viewerId).executeTakeFirstOrThrow(),
    ]);
    const latest = mine.at(-1)!;
    me = {
      act:
        latest.act_number === null
          ? null
          : {
              id: latest.act_id,
              actNumber: latest.act_number,
              // Unnumbered cards share one journey: whoever held "it" before is nobody in particular.
              thanks: card.cardNumber === null ? "none" : (await thanksStatus(db, viewerId, latest.act_id)).status,
            },
      following: !muted,
      showUsername: viewer.show_on_card_journeys,
      canAddPlace: mine.some((row) => row.latitude === null),
    };
  }
  return {
    id: cardJourneyId(card.seriesId, card.cardNumber),
    cardName: series.name,
    cardTranslations: series.name_translations,
    cardNumber: card.cardNumber,
    organizationName: series.organization_name,
    people: new Set(rows.map((row) => row.user_id)).size,
    days: daysBetween(rows[0]!.scan_day, rows.at(-1)!.scan_day) + 1,
    distanceKm: Math.round(meters / 1000),
    stops,
    me,
  };
}

/**
 * What a card tells the stranger who was just handed it (issue 42 §1): how
 * many people it reached, since when, and how far it went — counted from
 * every holder whatever they chose to show, so it names nobody and places
 * nobody. The distance needs two known positions; null before that.
 */
export async function cardStory(db: Kysely<DB>, seriesId: string, cardNumber: number): Promise<CardStory | null> {
  const rows = await repo.journeyStops(db, { seriesId, cardNumber });
  if (rows.length === 0) return null;
  const positions = rows.flatMap((row) =>
    row.latitude !== null && row.longitude !== null ? [{ lat: row.latitude, lon: row.longitude }] : [],
  );
  const meters = pathMeters(positions);
  return {
    people: new Set(rows.map((row) => row.user_id ?? row.act_id)).size,
    since: rows[0]!.scan_day,
    distanceKm: positions.length >= 2 ? Math.round(meters / 1000) : null,
  };
}

async function holderCard(db: Kysely<DB>, cardId: string, userId: string) {
  const { card } = await portableCard(db, cardId);
  const rows = await repo.journeyStops(db, card);
  if (!rows.some((row) => row.user_id === userId)) throw new AppError("forbidden");
  return card;
}

/** Its holders hear of a card's travels unless they silenced it; only someone who held it may choose. */
export async function followCard(db: Kysely<DB>, cardId: string, userId: string): Promise<void> {
  await repo.unmute(db, await holderCard(db, cardId, userId), userId);
}

export async function unfollowCard(db: Kysely<DB>, cardId: string, userId: string): Promise<void> {
  await repo.mute(db, await holderCard(db, cardId, userId), userId);
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
  await placeHolderStop(deps.db, card, userId, { lat, lon, name });
}

export async function setJourneyVisibility(db: Kysely<DB>, userId: string, showUsername: boolean): Promise<void> {
  await showOnCardJourneys(db, userId, showUsername);
}

/**
 * After someone scans a numbered portable card, every earlier holder who did
 * not silence it hears where it went: in the app, and on the channels they
 * chose for its travels — at most once a day per card, so a card passed
 * round a table does not ring ten times. The city is the new holder's only
 * if they put their stop on the map.
 */
export async function announceCardMove(
  deps: { db: Kysely<DB>; notifier: Notifier },
  card: repo.CardRef,
  moverId: string,
  now = new Date(),
) {
  if (card.cardNumber === null) return;
  const numbered = { seriesId: card.seriesId, cardNumber: card.cardNumber };
  const holders = await repo.holdersToTell(deps.db, numbered, moverId);
  if (holders.length === 0) return;
  const today = newYorkDay(now);
  const journey = await cardJourney(deps.db, cardJourneyId(card.seriesId, card.cardNumber), null);
  const stops = await repo.journeyStops(deps.db, card);
  const city = stops.findLast((stop) => stop.user_id === moverId)?.place_name ?? null;
  const travel = {
    cardId: journey.id,
    cardName: journey.cardName,
    cardTranslations: journey.cardTranslations,
    organizationName: journey.organizationName,
    people: journey.people,
    city,
  };
  // The day's notice, the stored news and who gets it by email, claimed in one
  // transaction: run again (a queued task after a crash), it tells nobody twice.
  const emailed = await deps.db.transaction().execute(async (trx) => {
    if (!(await repo.claimTravelNotice(trx, numbered, today))) return null;
    await repo.insertNotifications(
      trx,
      holders.map((userId) => ({ id: randomUUID(), user_id: userId, data: JSON.stringify(travel) })),
    );
    const byEmail = new Set<string>();
    for (const userId of holders) {
      // A person's first card news of the day may go by email at once; later ones push only, their email waiting for the digest.
      if (await repo.claimTravelEmailDay(trx, userId, today)) byEmail.add(userId);
      else
        await repo.queueTravelNews(trx, { id: randomUUID(), user_id: userId, day: today, travel: JSON.stringify(travel), created_at: now });
    }
    return byEmail;
  });
  if (!emailed) return;
  for (const userId of holders) {
    await deps.notifier.notify(userId, emailed.has(userId) ? travelsNotice(travel) : { ...travelsNotice(travel), email: undefined });
  }
}

/** The hour of New York's morning from which yesterday's waiting card news goes out as one email. */
export const DIGEST_HOUR = 8;

/**
 * The morning digest: each person's card news that waited (after their first
 * email of a day), in one email, from 8 a.m. New York time — by email only,
 * each piece having been pushed already, and not at all to someone a push
 * reached (the kind's "email until push"). Returns how many were sent.
 */
export async function sendTravelDigests(deps: { db: Kysely<DB>; notifier: Notifier }, now = new Date()): Promise<number> {
  if (newYorkHour(now) < DIGEST_HOUR) return 0;
  const today = newYorkDay(now);
  const waiting = await repo.takeWaitingTravelNews(deps.db, today);
  for (const [userId, news] of waiting) await deps.notifier.notify(userId, travelsDigestNotice(news.map((row) => row.travel)));
  await repo.forgetOldTravelEmailDays(deps.db, addDays(today, -7));
  return waiting.size;
}

const NOTIFICATION_LIMIT = 20;

export async function myNotifications(db: Kysely<DB>, userId: string): Promise<Notifications> {
  const [rows, unread] = await Promise.all([repo.listNotifications(db, userId, NOTIFICATION_LIMIT), repo.countUnread(db, userId)]);
  return {
    unread,
    notifications: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      createdAt: new Date(row.created_at).toISOString(),
      read: row.read_at !== null,
      // News stored before series had names per language has none.
      cardTranslations: {},
      ...row.data,
    })),
  };
}

export async function markNotificationsRead(db: Kysely<DB>, userId: string): Promise<void> {
  await repo.markAllRead(db, userId);
}

/** What the acts engine asks of card journeys (scan/card-journey-port.ts), handed to it by app.ts. */
export const cardJourneyPort: CardJourneyPort = { storyOf: cardStory };

import { z } from "zod/mini";
import { nameTranslationsSchema } from "../i18n/localized-text.js";
import { thanksStatusSchema } from "./thanks.js";
import { text, maxLength } from "./text.js";
import { JOURNEY_GRID_DEGREES } from "../constants.js";

export { JOURNEY_GRID_DEGREES };

/**
 * A portable card's journey is named by its series and its number in that
 * series: `<series id>-<number>` (0 for a series' unnumbered card). The series
 * id is not the card's QR secret: knowing a journey does not let anyone scan.
 */
export function cardJourneyId(seriesId: string, cardNumber: number | null): string {
  return `${seriesId}-${cardNumber ?? 0}`;
}

export function parseCardJourneyId(id: string): { seriesId: string; cardNumber: number | null } | null {
  const match = /^([0-9a-f-]{36})-(\d{1,5})$/.exec(id);
  if (!match) return null;
  const number = Number(match[2]);
  return { seriesId: match[1]!, cardNumber: number === 0 ? null : number };
}

/**
 * Positions on a journey are snapped to a grid of 0.01° (about 1 km north to
 * south, less east to west): a stop says which part of town, never which door.
 */
export function coarsen(value: number): number {
  return Math.round(value / JOURNEY_GRID_DEGREES) / Math.round(1 / JOURNEY_GRID_DEGREES);
}

export const cardParamsSchema = z.object({ cardId: text().check(z.minLength(1), maxLength(60)) });

export const journeyStopSchema = z.object({
  order: z.number(),
  day: z.string(),
  /** Null unless that holder chose to show their username on journeys. */
  holder: z.nullable(z.string()),
  place: z.nullable(z.object({ lat: z.number(), lon: z.number(), name: z.nullable(z.string()) })),
});
export type JourneyStop = z.infer<typeof journeyStopSchema>;

export const cardJourneySchema = z.object({
  id: z.string(),
  cardName: z.string(),
  /** The series' name for readers of other languages, where its organisation gave one. */
  cardTranslations: nameTranslationsSchema,
  cardNumber: z.nullable(z.number()),
  organizationName: z.string(),
  people: z.number(),
  days: z.number(),
  distanceKm: z.number(),
  stops: z.array(journeyStopSchema),
  /** For a signed-in person who held the card. */
  me: z.nullable(
    z.object({
      /** Their latest act with this card (once numbered), to share or to thank its previous holder. */
      act: z.nullable(z.object({ id: z.string(), actNumber: z.number(), thanks: thanksStatusSchema.shape.status })),
      /** Whether they hear of its travels (the default; a holder may silence one card). */
      following: z.boolean(),
      showUsername: z.boolean(),
      /** Whether their own stop still has no place on the map. */
      canAddPlace: z.boolean(),
    }),
  ),
});
export type CardJourney = z.infer<typeof cardJourneySchema>;

/** A card's story for the stranger it just reached: aggregates only, nobody named or placed. */
export const cardStorySchema = z.object({
  /** People it has reached, this stranger not yet counted. */
  people: z.number(),
  /** The New York day of its first scan (YYYY-MM-DD). */
  since: z.string(),
  /** Kilometres between its holders' known positions; null until two are known. */
  distanceKm: z.nullable(z.number()),
});
export type CardStory = z.infer<typeof cardStorySchema>;

export const journeyVisibilitySchema = z.object({ showUsername: z.boolean() });
export const cardPlaceSchema = z.object({
  lat: z.number().check(z.gte(-90), z.lte(90)),
  lon: z.number().check(z.gte(-180), z.lte(180)),
});

/** A card's move, as its news is stored (notifications, the waiting digest) and told to the people who held it before. */
export interface CardTravel {
  cardId: string;
  cardName: string;
  /** The card's series name for readers of other languages, where its organisation gave one. */
  cardTranslations: Partial<Record<string, string>>;
  organizationName: string;
  /** The people the card has reached, its new holder included. */
  people: number;
  /** The new holder's city, when they put their stop on the map. */
  city: string | null;
}

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.literal("card_moved"),
  createdAt: z.string(),
  read: z.boolean(),
  cardId: z.string(),
  cardName: z.string(),
  cardTranslations: nameTranslationsSchema,
  organizationName: z.string(),
  people: z.number(),
  /** Where its new holder took it, when they share their city. */
  city: z.optional(z.nullable(z.string())),
});
export type Notification = z.infer<typeof notificationSchema>;
export const notificationsSchema = z.object({ notifications: z.array(notificationSchema), unread: z.number() });
export type Notifications = z.infer<typeof notificationsSchema>;

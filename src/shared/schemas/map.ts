import { z } from "zod/mini";
import { CAMPAIGN_EFFECTS, ORGANIZATION_TYPES } from "./organizations.js";

const coordinate = (limit: number) => z.coerce.number().check(z.gte(-limit), z.lte(limit));

/** The visible area of the map: the places endpoint answers for it only. */
export const mapAreaQuerySchema = z.object({
  south: coordinate(90),
  west: coordinate(180),
  north: coordinate(90),
  east: coordinate(180),
});
export type MapArea = z.infer<typeof mapAreaQuerySchema>;

/** Above this many places in view, the answer is counts per cell of a grid instead. */
export const MAP_PLACES_LIMIT = 1000;

export const mapPlaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationName: z.string(),
  organizationType: z.enum(ORGANIZATION_TYPES),
  /** The organisation's logo (versioned address), when it has one. */
  organizationLogoUrl: z.nullable(z.string()),
  lat: z.number(),
  lon: z.number(),
  radiusMeters: z.number(),
  /** The effect of a campaign running at this place, if any. */
  campaignEffect: z.nullable(z.enum(CAMPAIGN_EFFECTS)),
});
export type MapPlace = z.infer<typeof mapPlaceSchema>;

export const mapAnswerSchema = z.object({
  places: z.array(mapPlaceSchema),
  /** When the view holds too many places to list: how many lie around each point. */
  clusters: z.array(z.object({ lat: z.number(), lon: z.number(), count: z.number() })),
});
export type MapAnswer = z.infer<typeof mapAnswerSchema>;

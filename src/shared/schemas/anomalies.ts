import { z } from "zod/mini";
import { text, trim, maxLength } from "./text.js";
import { VOID_REASON_MIN_LENGTH } from "../constants.js";

// The review queue of unusual scan patterns, and voiding acts (admin panel, Review tab).

export const ANOMALY_KINDS = ["impossible_travel", "burst", "copied_position"] as const;
export const ANOMALY_STATUSES = ["open", "dismissed", "resolved"] as const;
export const REVIEW_DECISIONS = ["dismissed", "resolved"] as const;

export const anomalyQuerySchema = z.object({
  status: z._default(z.enum(["open", "all"]), "open"),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)), 1),
});

export const anomalyFlagSchema = z.object({
  id: z.string(),
  userId: z.string(),
  username: z.string(),
  kind: z.enum(ANOMALY_KINDS),
  day: z.string(),
  occurrences: z.number(),
  /** Figures that explain the flag: `distanceKm` and `speedKmh`, `acts` and `minutes`, or `acts`. */
  detail: z.record(z.string(), z.number()),
  status: z.enum(ANOMALY_STATUSES),
  reviewNote: z.nullable(z.string()),
  reviewedAt: z.nullable(z.string()),
});
export type AnomalyFlag = z.infer<typeof anomalyFlagSchema>;

export const anomalyListSchema = z.object({ items: z.array(anomalyFlagSchema), page: z.number(), hasMore: z.boolean() });

export const anomalyParamsSchema = z.object({ flagId: text().check(z.minLength(1), maxLength(100)) });

/** The person's acts on the flagged day, the voided ones included. */
export const flaggedActSchema = z.object({
  id: z.string(),
  actNumber: z.nullable(z.number()),
  scannedAt: z.string(),
  organizationName: z.string(),
  placeName: z.nullable(z.string()),
  rarity: z.string(),
  /** How far the reported position was from the place scanned, in metres (null without one). */
  distanceMeters: z.nullable(z.number()),
  voided: z.nullable(z.object({ reason: z.string(), at: z.string() })),
});
export type FlaggedAct = z.infer<typeof flaggedActSchema>;
export const flaggedActsSchema = z.object({ acts: z.array(flaggedActSchema) });

export const reviewInputSchema = z.object({
  decision: z.enum(REVIEW_DECISIONS),
  note: z._default(text().check(trim(), maxLength(500, "validation.tooLong")), ""),
});

export const voidActParamsSchema = z.object({ actId: text().check(z.minLength(1), maxLength(100)) });
export const voidActInputSchema = z.object({
  reason: text().check(trim(), z.minLength(VOID_REASON_MIN_LENGTH, "validation.voidReasonRequired"), maxLength(500, "validation.tooLong")),
});

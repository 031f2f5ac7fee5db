import { z } from "zod/mini";
import { clientTimestampSchema, text } from "./text.js";
import type { Rarity } from "../acts/rarity.js";

export const CARD_TYPES = ["virtual", "physical", "portable"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Every printed link carries these four; `name` is only shown, never trusted. */
export const SCAN_LINK_PARAMS = ["org", "loc", "type", "name"] as const;

/** The parameters a printed Kindly QR link carries (`/scan-qr?org=…&loc=…&type=…&name=…`). */
export const scanCodeSchema = z.object({
  org: text().check(z.minLength(1), z.maxLength(100)),
  loc: text().check(z.minLength(1), z.maxLength(100)),
  type: z.enum(CARD_TYPES),
});
export type ScanCode = z.infer<typeof scanCodeSchema>;

export const scanRequestSchema = z.object({
  ...scanCodeSchema.shape,
  lat: z.optional(z.number().check(z.gte(-90), z.lte(90))),
  lon: z.optional(z.number().check(z.gte(-180), z.lte(180))),
  clientTimestamp: z.optional(clientTimestampSchema),
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

export interface ScanSuccess {
  status: "success";
  actId: string;
  actNumber: number;
  rarity: Rarity;
  organizationName: string;
  /** For virtual codes: a kind message in the user's language. */
  kindMessage: string | null;
  /** Ids of achievements this act earned. */
  newAchievements: string[];
}

/** What the scan screen learns before the card is opened; nothing is recorded. */
export interface ScanCheck {
  status: "ready";
  organizationName: string;
  locationName: string | null;
  type: CardType;
  /** Virtual codes only: where the user must be, and how close. */
  location: { lat: number; lon: number; radiusMeters: number } | null;
}

import { z } from "zod/mini";
import { RARITIES } from "../acts/rarity.js";
import { LANGUAGES } from "../constants.js";
import { CARD_TYPES } from "./scans.js";
import { DEFAULT_LANGUAGE } from "../i18n/languages.js";

/** The two share images of an act: a phone story and a link preview (Open Graph). */
export const SHARE_FORMATS = ["story", "preview"] as const;
export type ShareFormat = (typeof SHARE_FORMATS)[number];

export const actNumberParamsSchema = z.object({ number: z.coerce.number().check(z.int(), z.gte(1), z.lte(Number.MAX_SAFE_INTEGER)) });

export const shareImageQuerySchema = z.object({
  format: z._default(z.enum(SHARE_FORMATS), "preview"),
  /** Crawlers fetching a preview send no language: the link names it. */
  lang: z._default(z.enum(LANGUAGES), DEFAULT_LANGUAGE),
});

/**
 * What anyone may see of an act, from its number: nothing private. The
 * username only when its person chose to be named in public (the profile's
 * leaderboard choice); never a place more precise than the organisation.
 */
export const publicActSchema = z.object({
  actNumber: z.number(),
  rarity: z.enum(RARITIES),
  organizationName: z.string(),
  /** The act's New York day, 'YYYY-MM-DD'. */
  day: z.string(),
  cardType: z.enum(CARD_TYPES),
  username: z.nullable(z.string()),
});
export type PublicAct = z.infer<typeof publicActSchema>;

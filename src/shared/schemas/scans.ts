import { z } from "zod/mini";
import { localizedSchema, nameTranslationsSchema } from "../i18n/localized-text.js";
import { clientTimestampSchema, text, maxLength } from "./text.js";
import { RARITIES } from "../acts/rarity.js";
import { cardStorySchema } from "./cards.js";
import { SHORT_CODE_LENGTH } from "../constants.js";

export const CARD_TYPES = ["virtual", "physical", "portable"] as const;
export type CardType = (typeof CARD_TYPES)[number];

/** Every printed link carries these four; `name` is only shown, never trusted. */
/**
 * A printed code's short link (issue 30): `/c/` then ten base62 characters,
 * and `-<n>` for card n of a portable series. The server answers it with a
 * redirect to the scan page.
 */
export const SHORT_LINK_PREFIX = "/c/";
export const SHORT_CODE_PATTERN = new RegExp(`^([0-9A-Za-z]{${SHORT_CODE_LENGTH}})(?:-([1-9]\\d{0,5}))?$`);

/**
 * The short code in what someone typed from under a printed code: the whole
 * address ("kindly.example/c/AbC123xyz9-12", with or without https://), the
 * path, or the code alone. Null when it holds no code.
 */
export function shortCodeFromTyped(typed: string): string | null {
  const trimmed = typed.trim().replace(/\s+/g, "");
  const afterPrefix = trimmed.includes(SHORT_LINK_PREFIX)
    ? trimmed.slice(trimmed.lastIndexOf(SHORT_LINK_PREFIX) + SHORT_LINK_PREFIX.length)
    : trimmed;
  const code = afterPrefix.replace(/[/?#].*$/, "");
  return SHORT_CODE_PATTERN.test(code) ? code : null;
}

/** The typed-code form: one field, judged by shortCodeFromTyped. */
export const typedCodeSchema = z.object({
  code: text().check(
    maxLength(200),
    z.refine((value: string) => shortCodeFromTyped(value) !== null, "scanner.typedInvalid"),
  ),
});

export const SCAN_LINK_PARAMS = ["org", "loc", "type", "name"] as const;
/** A portable card's link also carries the card's own number in its series. */
export const CARD_NUMBER_PARAM = "card";
export const MAX_CARD_NUMBER = 10_000;

/** The parameters a printed Kindly QR link carries (`/scan-qr?org=…&loc=…&type=…&name=…`). */
export const scanCodeSchema = z.object({
  org: text().check(z.minLength(1), maxLength(100)),
  loc: text().check(z.minLength(1), maxLength(100)),
  type: z.enum(CARD_TYPES),
  card: z.optional(z.number().check(z.int(), z.gte(1), z.lte(MAX_CARD_NUMBER))),
});
export type ScanCode = z.infer<typeof scanCodeSchema>;

const positionShape = {
  lat: z.optional(z.number().check(z.gte(-90), z.lte(90))),
  lon: z.optional(z.number().check(z.gte(-180), z.lte(180))),
};

/** The check before a card is opened: the code, and the person's position once they shared it. */
export const scanCheckRequestSchema = z.object({ ...scanCodeSchema.shape, ...positionShape });
export type ScanCheckRequest = z.infer<typeof scanCheckRequestSchema>;

export const scanRequestSchema = z.object({
  ...scanCodeSchema.shape,
  ...positionShape,
  clientTimestamp: z.optional(clientTimestampSchema),
});
export type ScanRequest = z.infer<typeof scanRequestSchema>;

/**
 * A scan attempt's idempotency key (the `Idempotency-Key` header of the
 * IETF draft): one per tap, the same on every automatic retry of that tap,
 * so a retry after a lost answer gets the act already recorded.
 */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const scanHeadersSchema = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{16,100}$/))),
});

export const scanSuccessSchema = z.object({
  status: z.literal("success"),
  actId: z.string(),
  actNumber: z.number(),
  rarity: z.enum(RARITIES),
  organizationName: z.string(),
  /**
   * For virtual codes: a kind message, in every language Kindly speaks (by
   * code; empty where none was written) so that the card follows a language
   * switch without asking the server again.
   */
  kindMessage: z.nullable(localizedSchema(z.string())),
  /** Ids of achievements this act earned. */
  newAchievements: z.array(z.string()),
  /** The contests running now, in which this act earned a ticket (names in every language, like the kind message). */
  ticketsIn: z.array(localizedSchema(z.string())),
  /** A portable card's journey page (`/cards/<id>`); null for other codes. */
  journeyId: z.nullable(z.string()),
});
export type ScanSuccess = z.infer<typeof scanSuccessSchema>;
export type KindMessage = NonNullable<ScanSuccess["kindMessage"]>;

/** What the scan screen learns before the card is opened; nothing is recorded. */
export const scanCheckSchema = z.object({
  status: z.literal("ready"),
  organizationName: z.string(),
  locationName: z.nullable(z.string()),
  /** A card series' name for readers of other languages, where its organisation gave one. */
  locationTranslations: nameTranslationsSchema,
  type: z.enum(CARD_TYPES),
  /**
   * Virtual codes asked with the person's position: how far outside the
   * place's radius they are (0 inside). Never where the place is: a photo of
   * a code must not tell anyone where to pretend to be.
   */
  proximity: z.nullable(z.object({ distanceMeters: z.number(), radiusMeters: z.number() })),
});
export type ScanCheck = z.infer<typeof scanCheckSchema>;

/** The address parameter and request field that carry a pending scan's token (`/auth?claim=…`). */
export const CLAIM_PARAM = "claim";

/** 32 random bytes in base64url: what the browser keeps and the emailed links carry. */
export const claimTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, "validation.tokenMissing"));

/**
 * A scan made while signed out: the code, and for a place the position, which
 * is judged now, where the person stands (docs/design.md §4.12).
 */
export const pendingScanRequestSchema = z.object({ ...scanCodeSchema.shape, ...positionShape });
export type PendingScanRequest = z.infer<typeof pendingScanRequestSchema>;

export const pendingScanSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  organizationName: z.string(),
  locationName: z.nullable(z.string()),
  locationTranslations: nameTranslationsSchema,
  type: z.enum(CARD_TYPES),
  /** A numbered portable card's story so far (null for places, unnumbered cards, and a card's first scan). */
  story: z.nullable(cardStorySchema),
});
export type PendingScan = z.infer<typeof pendingScanSchema>;

export const claimRequestSchema = z.object({ token: claimTokenSchema });

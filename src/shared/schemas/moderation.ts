import { z } from "zod/mini";
import { adminPage, pageQuerySchema } from "./admin.js";
import { CONTENT_TYPES, REPORT_REASONS } from "./community.js";
import { text, trim, maxLength } from "./text.js";

// The admin panel's Moderation tab: reported and hidden chat messages and gallery posts.

export const MODERATION_VIEWS = ["open", "hidden"] as const;
export const moderationQuerySchema = z.extend(pageQuerySchema, { view: z._default(z.enum(MODERATION_VIEWS), "open") });

export const moderationItemSchema = z.object({
  type: z.enum(CONTENT_TYPES),
  id: z.string(),
  author: z.string(),
  /** A message's text or a post's caption. */
  text: z.string(),
  thumbnailUrl: z.nullable(z.string()),
  createdAt: z.string(),
  openReports: z.number(),
  reasons: z.array(z.enum(REPORT_REASONS)),
  details: z.array(z.string()),
  lastReportedAt: z.nullable(z.string()),
  hidden: z.nullable(z.object({ at: z.string(), by: z.nullable(z.string()), reason: z.string() })),
  /** Whether the author is muted now, and until when. */
  authorMutedUntil: z.nullable(z.string()),
});
export type ModerationItem = z.infer<typeof moderationItemSchema>;
export const moderationListSchema = adminPage(moderationItemSchema);

export const moderationParamsSchema = z.object({
  type: z.enum(CONTENT_TYPES),
  id: text().check(z.minLength(1), maxLength(100)),
});

export const hideInputSchema = z.object({
  reason: text().check(trim(), z.minLength(1, "validation.hideReasonRequired"), maxLength(500, "validation.tooLong")),
});
export type HideInput = z.infer<typeof hideInputSchema>;

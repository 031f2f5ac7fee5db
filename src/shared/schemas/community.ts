import { z } from "zod/mini";
import { containsEmailAddress } from "../community/email-detector.js";
import { text, trim, maxLength } from "./text.js";
import { CAPTION_MAX_LENGTH, CHAT_MESSAGE_MAX_LENGTH, MEGABYTE, PHOTO_MAX_MB } from "../constants.js";

/** The spec fetches 100 messages and 50 gallery posts at a time. */
export const CHAT_PAGE_SIZE = 100;
export const GALLERY_PAGE_SIZE = 50;
export const GALLERY_MAX_BYTES = PHOTO_MAX_MB * MEGABYTE;
/** What the photo picker offers; the server decides by the content, never by these. */
export const GALLERY_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"] as const;

export const chatMessageInputSchema = z.object({
  body: text().check(
    trim(),
    z.minLength(1, "validation.messageRequired"),
    maxLength(CHAT_MESSAGE_MAX_LENGTH, "validation.messageTooLong"),
    z.refine((value: string) => !containsEmailAddress(value), "validation.noEmailInMessages"),
  ),
});
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;

/** Newest first; `before` continues from the last item of the previous page. */
export const pageQuerySchema = z.object({ before: z.optional(text().check(maxLength(100))) });

export const chatMessageSchema = z.object({
  id: z.string(),
  username: z.string(),
  body: z.string(),
  createdAt: z.string(),
  likes: z.number(),
  likedByMe: z.boolean(),
  mine: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const chatPageSchema = z.object({ messages: z.array(chatMessageSchema), nextBefore: z.nullable(z.string()) });
export type ChatPage = z.infer<typeof chatPageSchema>;

export const chatStatsSchema = z.object({ activeMembers: z.number(), messagesToday: z.number() });
export type ChatStats = z.infer<typeof chatStatsSchema>;

export const likeResultSchema = z.object({ liked: z.boolean(), likes: z.number() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const idParamsSchema = z.object({ id: text().check(z.minLength(1), maxLength(100)) });

/** The gallery form's text fields; the photo travels with them (multipart). */
export const galleryPostFieldsSchema = z.object({
  caption: text().check(trim(), z.minLength(1, "validation.captionRequired"), maxLength(CAPTION_MAX_LENGTH, "validation.captionTooLong")),
  actId: z.optional(text().check(maxLength(100))),
});
export type GalleryPostFields = z.infer<typeof galleryPostFieldsSchema>;

const imageSchema = z.object({ url: z.string(), width: z.number(), height: z.number() });

export const galleryPostSchema = z.object({
  id: z.string(),
  username: z.string(),
  caption: z.string(),
  createdAt: z.string(),
  likes: z.number(),
  likedByMe: z.boolean(),
  shares: z.number(),
  mine: z.boolean(),
  act: z.nullable(z.object({ number: z.number(), organizationName: z.string() })),
  image: imageSchema,
  thumbnail: imageSchema,
});
export type GalleryPost = z.infer<typeof galleryPostSchema>;

export const galleryPageSchema = z.object({ posts: z.array(galleryPostSchema), nextBefore: z.nullable(z.string()) });
export type GalleryPage = z.infer<typeof galleryPageSchema>;

export const galleryStatsSchema = z.object({ photos: z.number(), likes: z.number(), shares: z.number() });
export type GalleryStats = z.infer<typeof galleryStatsSchema>;

/** Acts the author may link a post to: their own, numbered. */
export const linkableActSchema = z.object({ id: z.string(), number: z.number(), organizationName: z.string(), scannedAt: z.string() });
export const linkableActsSchema = z.object({ acts: z.array(linkableActSchema) });
export type LinkableAct = z.infer<typeof linkableActSchema>;

export const REPORT_REASONS = ["spam", "harassment", "private_info", "inappropriate", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const reportInputSchema = z.object({
  reason: z.enum(REPORT_REASONS, "validation.chooseOne"),
  details: z.optional(text().check(trim(), maxLength(500, "validation.tooLong"))),
});
export type ReportInput = z.infer<typeof reportInputSchema>;

export const CONTENT_TYPES = ["message", "post", "thanks", "team"] as const;
export type ContentKind = (typeof CONTENT_TYPES)[number];

/** What crosses the events stream when the community changes; clients refetch what they show. */
export type CommunityEvent =
  | { type: "chat"; change: "message" | "like" | "removed"; id: string }
  | { type: "gallery"; change: "post" | "like" | "share" | "removed"; id: string }
  /** For one person's open pages only: the events stream sends it to `to` alone, without `to` (live-routes.ts). */
  | { type: "personal"; to: string; what: "thanks" };

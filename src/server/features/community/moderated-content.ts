import type { CommunityEvent } from "../../../shared/schemas/community.js";
import type { ModeratedContent } from "../moderation/index.js";
import { hideableRows } from "../../platform/db/hideable-rows.js";
import { publish } from "../../platform/live/publish.js";

/**
 * Chat messages and gallery posts as moderation sees them
 * (moderation/moderated-content.ts), with the live event that makes open
 * pages drop or show the item again.
 */
export const chatModeration: ModeratedContent = hideableRows("chat_messages", (trx, channel, id, hidden) =>
  publish(trx, channel, { type: "chat", change: hidden ? "removed" : "message", id } satisfies CommunityEvent),
);
export const galleryModeration: ModeratedContent = hideableRows("gallery_posts", (trx, channel, id, hidden) =>
  publish(trx, channel, { type: "gallery", change: hidden ? "removed" : "post", id } satisfies CommunityEvent),
);

import { chatRoutes } from "./chat-routes.js";
import { galleryRoutes } from "./gallery-routes.js";
import { communityLimits } from "./rate-limits.js";
import { personalData } from "./personal-data.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "community",
  tables: ["chat_message_likes", "chat_messages", "gallery_post_likes", "gallery_posts"],
  routes: (deps: Parameters<typeof chatRoutes>[0] & Parameters<typeof galleryRoutes>[0]) => [
    { plugin: chatRoutes(deps) },
    { plugin: galleryRoutes(deps) },
  ],
  rateLimits: Object.values(communityLimits),
  personalData,
});

/**
 * The community: chat, gallery (photos), likes.
 * Owns: chat_message_likes, chat_messages, gallery_post_likes, gallery_posts (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { chatRoutes } from "./chat-routes.js";
export { galleryRoutes } from "./gallery-routes.js";
export { personalData } from "./personal-data.js";
export { hideWhileDeletionPending } from "./deletion-visibility.js";
export { chatModeration, galleryModeration } from "./moderated-content.js";

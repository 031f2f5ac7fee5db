/**
 * The community: chat, gallery (photos), likes.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { chatRoutes } from "./chat-routes.js";
export { galleryRoutes } from "./gallery-routes.js";

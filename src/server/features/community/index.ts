/**
 * The community: chat, gallery (photos), likes.
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { chatRoutes } from "./chat-routes.js";
export { galleryRoutes } from "./gallery-routes.js";
export { personalData } from "./personal-data.js";
export { hideWhileDeletionPending } from "./deletion-visibility.js";
export { chatModeration, galleryModeration } from "./moderated-content.js";
export { feature } from "./feature.js";

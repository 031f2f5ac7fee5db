import type { ModeratedContent } from "../moderation/index.js";
import { hideableRows } from "../../platform/db/hideable-rows.js";

/**
 * Thanks as moderation sees them (moderation/moderated-content.ts). A thanks
 * is seen by its giver alone, on their profile, which reads it afresh: no
 * open page to tell.
 */
export const thanksModeration: ModeratedContent = hideableRows("thanks");

import type { ModeratedContent } from "../moderation/index.js";
import { hideableRows } from "../../platform/db/hideable-rows.js";

/**
 * A team's name as moderation sees it (moderation/moderated-content.ts): its
 * author is the team's owner; a hidden name leaves the boards for a neutral
 * one until the owner renames the team. Boards read afresh: no open page to tell.
 */
export const teamModeration: ModeratedContent = hideableRows("teams");

import type { HideableRows } from "../../platform/db/hideable-rows.js";

/**
 * What moderation asks of a kind of content (a chat message, a gallery post,
 * a thanks, a team's name). Each owner makes it for its own table with the
 * platform's `hideableRows` and tells its own open pages; moderation keeps
 * the reports, the record of who hid what and why, and the mute rule, and
 * never writes the content itself. The owners import moderation (reports,
 * posting rights), so app.ts hands their implementations in.
 */
export type ModeratedContent = HideableRows;

import { sql, type RawBuilder } from "kysely";
import type { GroupMembership } from "../scan/index.js";

/**
 * The teams' memberships as the acts engine counts its groups' boards
 * (scan/group-boards.ts; given at start by bootstrap.ts): an act counts on
 * the board of each team its author was in when it was made, a company
 * team's or a walking team's (team_members keeps ended memberships).
 */
export const teamBoardMemberships: RawBuilder<GroupMembership> = sql`
  select kind || '_team' as scope, team_id as subject_id, user_id, joined_at as from_at, left_at as until_at from team_members`;

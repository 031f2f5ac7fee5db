import { z } from "zod/mini";
import { looksOfficial } from "./reserved-names.js";
import { containsEmailAddress } from "../community/email-detector.js";
import {
  TEAM_MEMBER_NAME_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TEAM_NAME_MIN_LENGTH,
  TEAM_PASSWORD_MAX_LENGTH,
  TEAM_PASSWORD_MIN_LENGTH,
  TEAM_TARGET_MAX,
  TEAM_TARGET_MIN,
} from "../constants.js";
import { described, text, maxLength } from "./text.js";
import { nameChecks, tidyName } from "./names.js";

/** Walking teams (friends, a club) and work teams (colleagues): one of each per person. */
export const TEAM_KINDS = ["walking", "work"] as const;
export type TeamKind = (typeof TEAM_KINDS)[number];

/** Spaces collapsed and trimmed: what is shown and what is compared (the names rule's tidying, names.ts). */
export const tidyTeamName = tidyName;

/** The name folded to compare: "Les Marcheurs" and "les  marcheurs" are one name, as are "Équipe" and "equipe". */
export const teamNameKey = (name: string): string => tidyTeamName(name).normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase("en");

// Letters and digits of any script, with the punctuation names use (and the joiners Persian and Indic
// scripts write inside words); it starts with a letter or a digit.
const TEAM_NAME_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} '’\-.&!\u200C\u200D]*$/u;

export const teamNameSchema = text().check(
  nameChecks.unseen(),
  described(z.overwrite(tidyTeamName), { trimmed: true }),
  z.minLength(TEAM_NAME_MIN_LENGTH, "validation.teamNameTooShort"),
  nameChecks.letter(),
  maxLength(TEAM_NAME_MAX_LENGTH, "validation.teamNameTooLong"),
  z.regex(TEAM_NAME_PATTERN, "validation.teamNameCharacters"),
  described(
    z.refine((value: string) => !looksOfficial(value), "validation.teamNameReserved"),
    { notPattern: "^[Kk][Ii][Nn][Dd][Ll][Yy]" },
  ),
  z.refine((value: string) => !containsEmailAddress(value), "validation.noEmailInMessages"),
);

/**
 * The name a person goes by in a team (issue 60 §5): what their teammates see
 * beside their acts and in the owner's actions, never on a public board.
 * Prefilled with the username; a first name is what friends expect.
 */
export const memberNameSchema = text().check(
  nameChecks.unseen(),
  described(z.overwrite(tidyTeamName), { trimmed: true }),
  z.minLength(1, "validation.memberNameRequired"),
  nameChecks.letter(),
  maxLength(TEAM_MEMBER_NAME_MAX_LENGTH, "validation.memberNameTooLong"),
  z.regex(TEAM_NAME_PATTERN, "validation.memberNameCharacters"),
  described(
    z.refine((value: string) => !looksOfficial(value), "validation.memberNameReserved"),
    { notPattern: "^[Kk][Ii][Nn][Dd][Ll][Yy]" },
  ),
  z.refine((value: string) => !containsEmailAddress(value), "validation.noEmailInMessages"),
);

export const teamPasswordSchema = text().check(
  z.minLength(TEAM_PASSWORD_MIN_LENGTH, "validation.teamPasswordTooShort"),
  maxLength(TEAM_PASSWORD_MAX_LENGTH, "validation.teamPasswordTooLong"),
);

export const createTeamInputSchema = z.object({
  kind: z.enum(TEAM_KINDS),
  name: teamNameSchema,
  /** Optional: without one, the invite link is the only way in. */
  password: z.optional(teamPasswordSchema),
  /** A work team of one organisation: only its members may join, and it shows on its dashboard. */
  organizationId: z.optional(text().check(maxLength(100))),
  /** The creator's name in the team; without it, the boards' rule names them. */
  memberName: z.optional(memberNameSchema),
});
export type CreateTeamInput = z.infer<typeof createTeamInputSchema>;

/** The spec's join form: the team's name and its password. */
export const joinTeamInputSchema = z.object({
  kind: z.enum(TEAM_KINDS),
  name: text().check(
    described(z.overwrite(tidyTeamName), { trimmed: true }),
    z.minLength(1, "validation.teamNameRequired"),
    maxLength(TEAM_NAME_MAX_LENGTH),
  ),
  password: text().check(z.minLength(1, "validation.teamPasswordRequired"), maxLength(TEAM_PASSWORD_MAX_LENGTH)),
  memberName: z.optional(memberNameSchema),
});
export type JoinTeamInput = z.infer<typeof joinTeamInputSchema>;

export const inviteInputSchema = z.object({ invite: text().check(z.minLength(1), maxLength(200)) });
export type InviteInput = z.infer<typeof inviteInputSchema>;
export const joinByInviteInputSchema = z.object({ ...inviteInputSchema.shape, memberName: z.optional(memberNameSchema) });
/** A member's new name in their team. */
export const memberNameInputSchema = z.object({ memberName: memberNameSchema });

export const renameTeamInputSchema = z.object({ name: teamNameSchema });
/** A new password, or none (the invite link only). */
export const teamPasswordInputSchema = z.object({ password: z.nullable(teamPasswordSchema) });
export const teamMemberParamsSchema = z.object({ id: text().check(maxLength(100)), memberKey: text().check(maxLength(100)) });
export const handOverInputSchema = z.object({ memberKey: text().check(z.minLength(1), maxLength(100)) });
export const teamTargetInputSchema = z.object({
  /** Acts per member this month, or null for no challenge. */
  target: z.nullable(
    z.number().check(z.int(), z.gte(TEAM_TARGET_MIN, "validation.teamTargetRange"), z.lte(TEAM_TARGET_MAX, "validation.teamTargetRange")),
  ),
});
export const teamParamsSchema = z.object({ id: text().check(maxLength(100)) });

export const teamMemberSchema = z.object({
  /** Stable and opaque (the boards' key), so a member can be named in a request without their id. */
  key: z.string(),
  name: z.string(),
  isOwner: z.boolean(),
  isMe: z.boolean(),
  joinedAt: z.string(),
  /** Their acts for the team this month. */
  monthActs: z.number(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamChallengeSchema = z.object({
  /** Acts per member; the goal is that times the members. */
  target: z.number(),
  goal: z.number(),
  acts: z.number(),
  reached: z.boolean(),
});
export type TeamChallenge = z.infer<typeof teamChallengeSchema>;

export const teamCountsSchema = z.object({ monthly: z.number(), yearly: z.number(), allTime: z.number() });

export const teamSchema = z.object({
  id: z.string(),
  kind: z.enum(TEAM_KINDS),
  name: z.string(),
  organizationName: z.nullable(z.string()),
  memberCount: z.number(),
  maxMembers: z.number(),
  counts: teamCountsSchema,
  /** This month's rank among open teams of its kind (ties: who got there first), null before its first act. */
  rank: z.nullable(z.number()),
  challenge: z.nullable(teamChallengeSchema),
  closed: z.boolean(),
  /** Only members see who is in it. */
  members: z.nullable(z.array(teamMemberSchema)),
  /** What the signed-in person may do here. */
  me: z.object({
    member: z.boolean(),
    owner: z.boolean(),
    /** Members may share the invite link. */
    invitePath: z.nullable(z.string()),
    hasPassword: z.boolean(),
  }),
});
export type Team = z.infer<typeof teamSchema>;

export const myTeamSchema = z.object({
  id: z.string(),
  kind: z.enum(TEAM_KINDS),
  name: z.string(),
  memberCount: z.number(),
  monthActs: z.number(),
  rank: z.nullable(z.number()),
  challenge: z.nullable(teamChallengeSchema),
});
export type MyTeam = z.infer<typeof myTeamSchema>;
export const myTeamsSchema = z.object({ walking: z.nullable(myTeamSchema), work: z.nullable(myTeamSchema) });
export type MyTeams = z.infer<typeof myTeamsSchema>;

export const invitePathSchema = z.object({ invitePath: z.string() });
export const createdTeamSchema = z.object({ id: z.string(), invitePath: z.string() });
export const joinedTeamSchema = z.object({ id: z.string(), name: z.string(), kind: z.enum(TEAM_KINDS) });

/** An organisation's work teams, for its dashboard. */
export const organizationTeamsSchema = z.object({
  teams: z.array(z.object({ id: z.string(), name: z.string(), members: z.number(), monthActs: z.number() })),
});
export type OrganizationTeams = z.infer<typeof organizationTeamsSchema>;

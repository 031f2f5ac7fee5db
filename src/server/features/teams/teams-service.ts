import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { newYorkDay, periodKeys } from "../../../shared/acts/new-york-time.js";
import { TEAM_MAX_MEMBERS } from "../../../shared/constants.js";
import {
  teamNameKey,
  type CreateTeamInput,
  type JoinTeamInput,
  type MyTeam,
  type MyTeams,
  type Team,
  type TeamChallenge,
  type TeamKind,
} from "../../../shared/schemas/teams.js";
import { AppError } from "../../kernel/app-error.js";
import type { DB } from "../../platform/db/schema.js";
import type { PasswordHashing } from "../../platform/secrets/password-hashing.js";
import type { LinkSigner } from "../../platform/storage/signed-links.js";
import { isOrganizationMember } from "../organizations/index.js";
import { boardKeyFor, holdActNumbering, pseudonymFor } from "../scan/index.js";
import { workplaceEmployerId } from "../workplace/index.js";
import * as repo from "./teams-repository.js";

// Walking teams and work teams (issue 43 §1). A team's count is its members'
// acts made while they were members: the numbering step counts each act for
// the team its author was in at that moment (team_members keeps ended
// memberships), so leaving stops the count and keeps what was counted.
//
// Joining, leaving and counting are exact under parallel requests: a join or
// a leave holds the person's row, then the team's, then the numbering lock
// (in that order everywhere), and stamps the membership with the clock under
// that lock (teams-repository.ts, insertMembership).

/** Joins and creations a person may make in an hour, and teams they may create in a day. */
export const JOINS_PER_HOUR = 5;
export const CREATIONS_PER_DAY = 3;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface TeamsDeps {
  db: Kysely<DB>;
  signer: LinkSigner;
  /** A team's password is hashed as people's are. */
  passwords: PasswordHashing;
}

export const boardScope = (kind: TeamKind) => (kind === "walking" ? "walking_team" : "work_team");

/** A name the official account hid is replaced by a neutral one until the owner renames the team. */
export const shownTeamName = (team: { id: string; name: string; hidden_at: Date | null }, hiddenName: (short: string) => string) =>
  team.hidden_at ? hiddenName(team.id.slice(0, 4).toUpperCase()) : team.name;

/** The invite link's secret part: the team and its invite version, sealed with the server's key. */
export function invitePath(signer: LinkSigner, team: { id: string; invite_version: number }): string {
  return `/teams/join/${team.id}.${team.invite_version}.${signer.seal(`team-invite:${team.id}:${team.invite_version}`)}`;
}

async function assertMayJoinMore(trx: Transaction<DB>, userId: string, kind: TeamKind, now: Date): Promise<void> {
  if (await repo.findOpenMembership(trx, userId, kind)) throw new AppError("team_already_joined");
  if ((await repo.countJoinsSince(trx, userId, new Date(now.getTime() - HOUR_MS))) >= JOINS_PER_HOUR) {
    throw new AppError("rate_limited", { messageKey: "rateLimits.teamJoins", vars: { count: JOINS_PER_HOUR } });
  }
}

/** A work team of an organisation takes its people only: its staff, and employees of its workplace area. */
async function assertBelongs(db: Kysely<DB> | Transaction<DB>, userId: string, organizationId: string): Promise<void> {
  if (await isOrganizationMember(db, userId, organizationId)) return;
  if ((await workplaceEmployerId(db, userId)) === organizationId) return;
  throw new AppError("team_organization_only");
}

/** Creates the team with its creator as owner and first member. */
export async function createTeam(deps: TeamsDeps, userId: string, input: CreateTeamInput, now = new Date()) {
  const { db, signer } = deps;
  const organizationId = input.kind === "work" ? (input.organizationId ?? null) : null;
  if (organizationId) await assertBelongs(db, userId, organizationId);
  const passwordHash = input.password ? await deps.passwords.hash(input.password) : null;
  const id = randomUUID();
  await db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, userId);
    await assertMayJoinMore(trx, userId, input.kind, now);
    if ((await repo.countCreatedSince(trx, userId, new Date(now.getTime() - DAY_MS))) >= CREATIONS_PER_DAY) {
      throw new AppError("rate_limited", { messageKey: "rateLimits.teamCreations", vars: { count: CREATIONS_PER_DAY } });
    }
    const created = await repo.insertTeam(trx, {
      id,
      kind: input.kind,
      name: input.name,
      name_key: teamNameKey(input.name),
      user_id: userId,
      organization_id: organizationId,
      password_hash: passwordHash,
    });
    if (!created) throw new AppError("team_name_taken");
    await holdActNumbering(trx);
    await repo.insertMembership(trx, {
      id: randomUUID(),
      team_id: id,
      user_id: userId,
      kind: input.kind,
      display_name: input.memberName ?? null,
    });
  });
  return { id, invitePath: invitePath(signer, { id, invite_version: 1 }) };
}

/**
 * Joins under the person's lock, then the team's: one of each kind at a
 * time, JOINS_PER_HOUR an hour, TEAM_MAX_MEMBERS a team (a work team takes
 * its organisation's people only); with `inviteVersion`, only while the
 * team's invite is that version (a new link revokes the old).
 */
async function join(db: Kysely<DB>, userId: string, teamId: string, memberName: string | null, now: Date, inviteVersion?: string) {
  return db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, userId);
    const team = await repo.lockTeam(trx, teamId);
    if (!team) throw new AppError(inviteVersion === undefined ? "not_found" : "team_invite_invalid");
    if (inviteVersion !== undefined && String(team.invite_version) !== inviteVersion) throw new AppError("team_invite_invalid");
    if (team.closed_at) throw new AppError("team_closed");
    const facts = await repo.joinFacts(trx, { userId, teamId: team.id, kind: team.kind, since: new Date(now.getTime() - HOUR_MS) });
    if (facts.inTeamOfKind) throw new AppError("team_already_joined");
    if (facts.joinsSince >= JOINS_PER_HOUR) {
      throw new AppError("rate_limited", { messageKey: "rateLimits.teamJoins", vars: { count: JOINS_PER_HOUR } });
    }
    if (team.organization_id) await assertBelongs(trx, userId, team.organization_id);
    if (facts.openMembers >= TEAM_MAX_MEMBERS) throw new AppError("team_full");
    await holdActNumbering(trx);
    await repo.insertMembership(trx, { id: randomUUID(), team_id: team.id, user_id: userId, kind: team.kind, display_name: memberName });
    return { id: team.id, name: team.name, kind: team.kind };
  });
}

/**
 * The spec's join form: a kind, a name and a password. A team without a
 * password, a wrong password and no such team are one answer, so names
 * cannot be probed for passwords; someone already in a team of that kind
 * gets one answer too, whatever they typed (else right and wrong passwords
 * would answer differently). Guesses are limited per person, per address
 * and per team (rate-limit-rules.ts).
 */
export async function joinWithPassword(deps: TeamsDeps, userId: string, input: JoinTeamInput, now = new Date()) {
  if (await repo.findOpenMembership(deps.db, userId, input.kind)) throw new AppError("team_already_joined");
  const team = await repo.findOpenTeamByName(deps.db, input.kind, teamNameKey(input.name));
  const matches = team?.password_hash ? await deps.passwords.verify({ hash: team.password_hash, password: input.password }) : false;
  if (!team || !matches) throw new AppError("team_join_refused");
  return join(deps.db, userId, team.id, input.memberName ?? null, now);
}

/**
 * The invite link: its team, if the seal is this server's for the team's
 * current invite version (checked under the team's lock, as the join).
 */
export async function joinWithInvite(deps: TeamsDeps, userId: string, invite: string, memberName: string | null, now = new Date()) {
  const sealed = sealedInvite(deps, invite);
  return join(deps.db, userId, sealed.teamId, memberName, now, sealed.version);
}

/** A member changes the name their teammates see. */
export async function renameMe(db: Kysely<DB>, userId: string, teamId: string, name: string): Promise<void> {
  if (!(await repo.setDisplayName(db, teamId, userId, name))) throw new AppError("team_members_only");
}

/** The invite's team and version, if the seal is this server's (the version is checked against the team by the caller). */
function sealedInvite({ signer }: Pick<TeamsDeps, "signer">, invite: string): { teamId: string; version: string } {
  const [teamId, version, seal] = invite.replace(/^.*\/teams\/join\//, "").split(".");
  if (!teamId || !version || !seal || !signer.matchesSeal(`team-invite:${teamId}:${version}`, seal))
    throw new AppError("team_invite_invalid");
  return { teamId, version };
}

async function teamOfInvite(deps: TeamsDeps, invite: string) {
  const { teamId, version } = sealedInvite(deps, invite);
  const team = await repo.findTeam(deps.db, teamId);
  if (!team || String(team.invite_version) !== version) throw new AppError("team_invite_invalid");
  if (team.closed_at) throw new AppError("team_closed");
  return team;
}

/** What an invite link opens before joining: the team's name and kind. */
export async function previewInvite(deps: TeamsDeps, invite: string, hiddenName: (short: string) => string) {
  const team = await teamOfInvite(deps, invite);
  return { id: team.id, name: shownTeamName(team, hiddenName), kind: team.kind };
}

/**
 * Ends a membership (leaving, or removed by the owner). An owner who leaves
 * hands the team to its longest-standing member; the last one out closes it.
 */
async function endMembership(db: Kysely<DB>, teamId: string, userId: string, reason: "left" | "removed") {
  await db.transaction().execute(async (trx) => {
    await repo.lockUser(trx, userId);
    const team = await repo.lockTeam(trx, teamId);
    if (!team) throw new AppError("not_found");
    await holdActNumbering(trx);
    if (!(await repo.endMembership(trx, teamId, userId, reason))) throw new AppError("team_members_only");
    await afterSomeoneLeft(trx, team, userId);
  });
}

async function afterSomeoneLeft(trx: Transaction<DB>, team: repo.TeamRow, leaverId: string) {
  const remaining = await repo.listOpenMembers(trx, team.id);
  if (remaining.length === 0) await repo.closeTeam(trx, team.id, "empty");
  else if (team.user_id === leaverId) await repo.updateTeam(trx, team.id, { user_id: remaining[0]!.user_id });
}

export async function leaveTeam(db: Kysely<DB>, userId: string, teamId: string): Promise<void> {
  await endMembership(db, teamId, userId, "left");
}

/** The team's row for a change by its owner (the official account's moderation aside). */
async function ownedTeam(trx: Transaction<DB>, userId: string, teamId: string): Promise<repo.TeamRow> {
  const team = await repo.lockTeam(trx, teamId);
  if (!team || team.closed_at) throw new AppError("not_found");
  if (team.user_id !== userId) throw new AppError("team_owner_only");
  return team;
}

/** The open member whose board key this is (members are named by key, never by id). */
async function memberByKey(trx: Transaction<DB>, teamId: string, memberKey: string) {
  const member = (await repo.listOpenMembers(trx, teamId)).find((m) => boardKeyFor(m.user_id) === memberKey);
  if (!member) throw new AppError("not_found");
  return member;
}

export async function removeMember(db: Kysely<DB>, ownerId: string, teamId: string, memberKey: string): Promise<void> {
  const memberId = await db.transaction().execute(async (trx) => {
    await ownedTeam(trx, ownerId, teamId);
    const member = await memberByKey(trx, teamId, memberKey);
    if (member.user_id === ownerId) throw new AppError("invalid_input");
    return member.user_id;
  });
  await endMembership(db, teamId, memberId, "removed");
}

export async function handOver(db: Kysely<DB>, ownerId: string, teamId: string, memberKey: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownedTeam(trx, ownerId, teamId);
    const member = await memberByKey(trx, teamId, memberKey);
    await repo.updateTeam(trx, teamId, { user_id: member.user_id });
  });
}

export async function renameTeam(db: Kysely<DB>, ownerId: string, teamId: string, name: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const team = await ownedTeam(trx, ownerId, teamId);
    const key = teamNameKey(name);
    if (await repo.nameTakenByOther(trx, team.kind, key, team.id)) throw new AppError("team_name_taken");
    await repo.updateTeam(trx, teamId, { name, name_key: key });
  });
}

/** A new password (or none); the invite link changes too, so whoever had the old ways in needs the new ones. */
export async function changePassword(deps: TeamsDeps, ownerId: string, teamId: string, password: string | null) {
  const hash = password ? await deps.passwords.hash(password) : null;
  return deps.db.transaction().execute(async (trx) => {
    const team = await ownedTeam(trx, ownerId, teamId);
    await repo.updateTeam(trx, teamId, { password_hash: hash });
    const version = await repo.newInviteVersion(trx, teamId);
    return { invitePath: invitePath(deps.signer, { id: team.id, invite_version: version }) };
  });
}

export async function setChallenge(db: Kysely<DB>, ownerId: string, teamId: string, target: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await ownedTeam(trx, ownerId, teamId);
    await repo.updateTeam(trx, teamId, { monthly_target: target });
  });
}

/** The month's challenge: members × the per-member target, against the team's acts this month. */
function challengeOf(target: number | null, members: number, monthActs: number): TeamChallenge | null {
  if (!target) return null;
  const goal = target * members;
  return { target, goal, acts: monthActs, reached: monthActs >= goal };
}

async function countsAndRank(db: Kysely<DB>, scope: string, teamId: string, now: Date) {
  const keys = periodKeys(newYorkDay(now));
  const counts = await repo.teamCounts(db, scope, teamId, [keys.month, keys.year, keys.all]);
  const monthly = counts.get(keys.month) ?? 0;
  const rank = monthly > 0 ? (await repo.countTeamsAhead(db, scope, keys.month, teamId)) + 1 : null;
  return { counts: { monthly, yearly: counts.get(keys.year) ?? 0, allTime: counts.get(keys.all) ?? 0 }, rank };
}

/** The team page: anyone sees its name and counts; members see who is in it and the invite link. */
export async function teamPage(
  deps: TeamsDeps,
  viewerId: string | null,
  teamId: string,
  hiddenName: (short: string) => string,
  now = new Date(),
): Promise<Team> {
  const { db, signer } = deps;
  const team = await repo.findTeam(db, teamId);
  if (!team) throw new AppError("not_found");
  const scope = boardScope(team.kind);
  const members = team.closed_at ? [] : await repo.listOpenMembers(db, team.id);
  const isMember = viewerId !== null && members.some((m) => m.user_id === viewerId);
  const { counts, rank } = await countsAndRank(db, scope, team.id, now);
  const monthActs = isMember ? await repo.memberActsSince(db, team.id, `${newYorkDay(now).slice(0, 8)}01`) : new Map<string, number>();
  return {
    id: team.id,
    kind: team.kind,
    name: shownTeamName(team, hiddenName),
    organizationName: team.organization_id ? await repo.organizationName(db, team.organization_id) : null,
    memberCount: members.length,
    maxMembers: TEAM_MAX_MEMBERS,
    counts,
    rank: team.closed_at ? null : rank,
    challenge: challengeOf(team.monthly_target, members.length, counts.monthly),
    closed: team.closed_at !== null,
    members: isMember
      ? members.map((m) => ({
          key: boardKeyFor(m.user_id),
          // The name they chose in the team; else the boards' rule (their username if shown there, else a pseudonym).
          name: m.display_name ?? (m.show_name ? m.username : pseudonymFor(m.user_id)),
          isOwner: m.user_id === team.user_id,
          isMe: m.user_id === viewerId,
          joinedAt: m.joined_at.toISOString(),
          monthActs: monthActs.get(m.user_id) ?? 0,
        }))
      : null,
    me: {
      member: isMember,
      owner: isMember && team.user_id === viewerId,
      invitePath: isMember ? invitePath(signer, team) : null,
      hasPassword: team.password_hash !== null,
    },
  };
}

/** The person's teams, one of each kind at most, with this month's count, rank and challenge. */
export async function myTeams(db: Kysely<DB>, userId: string, hiddenName: (short: string) => string, now = new Date()): Promise<MyTeams> {
  const rows = await repo.findMyTeams(db, userId);
  const mine: MyTeams = { walking: null, work: null };
  for (const row of rows) {
    const { counts, rank } = await countsAndRank(db, boardScope(row.kind), row.id, now);
    const memberCount = (await repo.listOpenMembers(db, row.id)).length;
    const team: MyTeam = {
      id: row.id,
      kind: row.kind,
      name: shownTeamName(row, hiddenName),
      memberCount,
      monthActs: counts.monthly,
      rank,
      challenge: challengeOf(row.monthly_target, memberCount, counts.monthly),
    };
    mine[row.kind] = team;
  }
  return mine;
}

/** Account deletion: the person leaves every team (their counted acts stay with it, anonymous). */
export async function leaveAllTeams(trx: Transaction<DB>, userId: string): Promise<void> {
  await repo.lockUser(trx, userId);
  // Teams in one order, so two accounts erased at once never hold each other's next team.
  for (const teamId of (await repo.openTeamIdsOf(trx, userId)).sort()) {
    const team = await repo.lockTeam(trx, teamId);
    if (!team) continue;
    await holdActNumbering(trx);
    await repo.endMembership(trx, teamId, userId, "left");
    await afterSomeoneLeft(trx, team, userId);
  }
}

/** The official account closes a team (a name or a use against the rules): everyone leaves, its counts stay. */
export async function closeByModeration(db: Kysely<DB>, teamId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const team = await repo.lockTeam(trx, teamId);
    if (!team) throw new AppError("not_found");
    if (team.closed_at) return;
    await holdActNumbering(trx);
    for (const member of await repo.listOpenMembers(trx, teamId)) await repo.endMembership(trx, teamId, member.user_id, "closed");
    await repo.closeTeam(trx, teamId, "moderation");
  });
}

/** An organisation's open work teams, this month's count first (its dashboard; the caller checked access). */
export async function organizationTeams(db: Kysely<DB>, organizationId: string, hiddenName: (short: string) => string, now = new Date()) {
  const rows = await repo.organizationTeams(db, organizationId, periodKeys(newYorkDay(now)).month);
  return {
    teams: rows.map((row) => ({ id: row.id, name: shownTeamName(row, hiddenName), members: Number(row.members), monthActs: row.acts })),
  };
}

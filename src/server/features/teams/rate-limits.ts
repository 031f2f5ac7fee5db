import { rateLimitKeys, type RateLimitRule } from "../../platform/rate-limit/rate-limit-rules.js";
import type { FastifyRequest } from "fastify";
import { teamNameKey } from "../../../shared/schemas/teams.js";

const { byIp, byUser } = rateLimitKeys;

/** A team's kind and name as people type them, folded as team names are compared (case, spaces). */
const byTeamName = (request: FastifyRequest) => {
  const { kind, name } = (request.body ?? {}) as { kind?: unknown; name?: unknown };
  return `${String(kind)}:${typeof name === "string" ? teamNameKey(name) : ""}`;
};

/** This feature's limits (its declaration lists them): each counted under its name, per what `key` says. */
export const teamsLimits = {
  // A team's password is short and chosen by people: tries are few, per person and per address.
  teamPassword: { name: "team-password", limit: 10, windowSeconds: 900, key: byUser },
  teamPasswordByIp: { name: "team-password-ip", limit: 30, windowSeconds: 900, key: byIp },
  // …and per team, whoever tries: many accounts guessing one team's password share these tries.
  teamPasswordByTeam: { name: "team-password-team", limit: 30, windowSeconds: 900, key: byTeamName },
} satisfies Record<string, RateLimitRule>;

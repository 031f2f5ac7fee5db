import type { FastifyRequest } from "fastify";
import { okSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import type { NumberingDeps } from "../scan/index.js";
import { claimCallback, sessionUserId, type SessionDeps } from "../sessions/index.js";
import { findMailingDetails } from "../users/index.js";

/** What the account routes receive (auth-routes.ts, password-routes.ts). */
export type AuthRouteDeps = HttpDeps & SessionDeps & NumberingDeps;

export const OK = { ok: true } as const;
export const anyone = { access: "anyone" } as const;
export const ok = { 200: okSchema };

/** better-auth's callback field (`callbackURL`, `redirectTo`) set to carry a pending scan's token, when there is one. */
export const withClaim = <K extends string>(field: K, claim: string | undefined) => {
  const callback = claimCallback(claim);
  return (callback ? { [field]: callback } : {}) as Partial<Record<K, string>>;
};

/** A preHandler counting the request against the rules, at the configured scale. */
export const limitFor =
  ({ limiter, config }: AuthRouteDeps) =>
  (...rules: Parameters<typeof rateLimit>[2][]) =>
    rateLimit(limiter, config.RATE_LIMIT_SCALE, ...rules);

/** The address of the account this browser is signed in to, if any. */
export const signedInEmailOf =
  ({ sessions, db }: AuthRouteDeps) =>
  async (request: FastifyRequest): Promise<string | null> => {
    const userId = await sessionUserId(sessions, request);
    return userId ? ((await findMailingDetails(db, userId))?.email ?? null) : null;
  };

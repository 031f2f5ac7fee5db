import { z } from "zod/mini";

/** A contest's state, which its dates decide (docs/design.md §4.7). */
export const CONTEST_STATES = ["upcoming", "active", "completed"] as const;

/**
 * A contest's public draw page: the seed's hash from the start; after the
 * draw, the seed, the frozen ticket list and its digest, and the winners, so
 * anyone can recompute them (shared/contests/draw.ts).
 */
export const contestProofSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(CONTEST_STATES),
  startsAt: z.string(),
  endsAt: z.string(),
  seedHash: z.string(),
  /** Prize slots in draw order: the first winner drawn gets the first. */
  prizes: z.array(z.object({ category: z.string(), name: z.string(), quantity: z.number() })),
  slots: z.number(),
  drawnAt: z.nullable(z.string()),
  seed: z.nullable(z.string()),
  ticketDigest: z.nullable(z.string()),
  entries: z.array(z.object({ entrant: z.string(), tickets: z.number() })),
  winners: z.array(z.object({ drawOrder: z.number(), entrant: z.string(), prize: z.string() })),
  /** The signed-in visitor's own code and tickets in this contest, if they entered. */
  mine: z.nullable(z.object({ entrant: z.string(), tickets: z.number() })),
});
export type ContestProof = z.infer<typeof contestProofSchema>;

export const contestListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CONTEST_STATES),
  startsAt: z.string(),
  endsAt: z.string(),
  drawnAt: z.nullable(z.string()),
});
export const pastContestsSchema = z.object({ contests: z.array(contestListItemSchema) });

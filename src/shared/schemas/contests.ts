import { z } from "zod/mini";

/** A contest's state, which its dates decide (docs/design.md §4.7). */
export const CONTEST_STATES = ["upcoming", "active", "completed"] as const;

/** A contest as the public sees it, in the visitor's language. */
export const contestViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(CONTEST_STATES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** In their order: the first winner drawn gets the first prize. */
  prizes: z.array(z.object({ category: z.string(), prize: z.string(), quantity: z.number() })),
  /** SHA-256 of the draw's secret seed, published from the start (shared/contests/draw.ts). */
  seedHash: z.string(),
});
export type ContestView = z.infer<typeof contestViewSchema>;

/**
 * A contest's public draw page: the seed's hash from the start; after the
 * draw, the seed, the frozen ticket list and its digest, and the winners, so
 * anyone can recompute them (shared/contests/draw.ts).
 */
export const contestProofSchema = z.extend(contestViewSchema, {
  /** Prize slots in all: each prize repeated as many times as it has winners. */
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

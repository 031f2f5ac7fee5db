import { createHash } from "node:crypto";

/**
 * An entry's public code in one contest's published ticket list: the same
 * person gets a different code in each contest, and the code does not lead
 * back to them. The person sees their own code on the contest's proof page.
 */
export function entrantCode(contestId: string, userId: string): string {
  return createHash("sha256").update(`kindly-entrant:${contestId}:${userId}`).digest("hex").slice(0, 16);
}

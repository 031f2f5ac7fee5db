import { createHash } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/**
 * The name an act shows in the public feed: stable for a person, so a feed
 * reader can see "the same someone", yet it never reveals the username or email.
 */
export function pseudonymFor(userId: string): string {
  let pseudonym = pseudonyms.get(userId);
  if (pseudonym === undefined) {
    if (pseudonyms.size >= REMEMBERED_PSEUDONYMS) pseudonyms.delete(pseudonyms.keys().next().value!);
    pseudonym = computePseudonym(userId);
    pseudonyms.set(userId, pseudonym);
  }
  return pseudonym;
}

/** A hash per scan was a visible share of its CPU (issue 29): the latest people's are kept. */
const REMEMBERED_PSEUDONYMS = 10_000;
const pseudonyms = new Map<string, string>();

function computePseudonym(userId: string): string {
  const digest = createHash("sha256").update(`kindly-pseudonym:${userId}`).digest();
  const code = Array.from(digest.subarray(0, 4), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `Kindly #${code}`;
}

/**
 * A person's row key on public boards: stable (a list can follow a row), but
 * not their account id, which would link a pseudonymous row to anything else
 * that carries the id.
 */
export function boardKeyFor(userId: string): string {
  return createHash("sha256").update(`kindly-board:${userId}`).digest("hex").slice(0, 20);
}

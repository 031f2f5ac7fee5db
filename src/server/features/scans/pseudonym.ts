import { createHash } from "node:crypto";

const ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";

/**
 * The name an act shows in the public feed: stable for a person, so a feed
 * reader can see "the same someone", yet it never reveals the username or email.
 */
export function pseudonymFor(userId: string): string {
  const digest = createHash("sha256").update(`kindly-pseudonym:${userId}`).digest();
  const code = Array.from(digest.subarray(0, 4), (byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `Kindly #${code}`;
}

import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { DEFAULT_PASSWORD_HASH_COST, MAX_PASSWORD_HASH_COST, MIN_PASSWORD_HASH_COST } from "../../config.js";

/**
 * Passwords (people's and teams') as scrypt hashes, computed on libuv's
 * thread pool so a sign-in never holds up other requests.
 *
 * At Kindly's cost, N = 2^14 with r = 16 and p = 1 (about 0.1 s of CPU on
 * CI's machine), a hash is exactly better-auth's own, `salt:key` in hex:
 * accounts made before this module keep signing in, and better-auth reads
 * ours. Any other cost (PASSWORD_HASH_COST) is written in front of the hash,
 * `c<log2 N>$salt:key`, so every hash verifies at the cost it was made with,
 * whatever the server is set to now. Production refuses a cost below the
 * default (config.ts); the test servers ask for 2^10, sixteen times less
 * work, because a test suite signs up hundreds of people (issue 59).
 */

const BLOCK_SIZE = 16;
const KEY_BYTES = 64;
const PREFIXED = /^c(\d{1,2})\$(.*)$/s;

export interface PasswordHashing {
  hash(password: string): Promise<string>;
  /** False for a wrong password; throws on a value that is not a hash of this module's or better-auth's. */
  verify(input: { hash: string; password: string }): Promise<boolean>;
}

function derive(password: string, salt: string, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_BYTES, { N, r: BLOCK_SIZE, p: 1, maxmem: 256 * N * BLOCK_SIZE }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function parse(stored: string): { cost: number; salt: string; key: Buffer } {
  const prefixed = PREFIXED.exec(stored);
  const cost = prefixed ? Number(prefixed[1]) : DEFAULT_PASSWORD_HASH_COST;
  const [salt, key] = (prefixed ? prefixed[2]! : stored).split(":");
  if (cost < MIN_PASSWORD_HASH_COST || cost > MAX_PASSWORD_HASH_COST || !salt || !key || !/^[0-9a-f]+$/.test(key)) {
    throw new Error("Not a password hash");
  }
  return { cost, salt, key: Buffer.from(key, "hex") };
}

export function passwordHashing(cost: number = DEFAULT_PASSWORD_HASH_COST): PasswordHashing {
  if (!Number.isInteger(cost) || cost < MIN_PASSWORD_HASH_COST || cost > MAX_PASSWORD_HASH_COST) {
    throw new Error(`A password hash cost is between ${MIN_PASSWORD_HASH_COST} and ${MAX_PASSWORD_HASH_COST}`);
  }
  return {
    async hash(password) {
      const salt = randomBytes(16).toString("hex");
      const hashed = `${salt}:${(await derive(password, salt, cost)).toString("hex")}`;
      return cost === DEFAULT_PASSWORD_HASH_COST ? hashed : `c${cost}$${hashed}`;
    },
    async verify({ hash, password }) {
      const stored = parse(hash);
      const derived = await derive(password, stored.salt, stored.cost);
      return derived.length === stored.key.length && timingSafeEqual(derived, stored.key);
    },
  };
}

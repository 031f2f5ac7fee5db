import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Links that open one stored file for a while without a session (a policy
 * PDF opened in a new tab): the path and the expiry, signed with a key
 * derived from the server's secret. Changing either breaks the signature.
 */
export interface LinkSigner {
  /** `path` with `expires` (Unix seconds) and `signature` appended. */
  sign(path: string, lifetimeSeconds: number, now?: Date): string;
  /** Whether the signature is this server's for `path` and the link has not expired. */
  verify(path: string, expires: number, signature: string, now?: Date): boolean;
  /**
   * A signature of `value` that does not expire, for a link revoked by changing
   * what it signs (a team's invite carries its version): nothing to keep or steal.
   */
  seal(value: string): string;
  /** Whether `seal` is this server's seal of `value`. */
  matchesSeal(value: string, seal: string): boolean;
}

export function createLinkSigner(secret: string): LinkSigner {
  const key = createHmac("sha256", secret).update("kindly signed links v1").digest();
  const mac = (path: string, expires: number) => createHmac("sha256", key).update(`${path}\n${expires}`).digest("base64url");
  const sealKey = createHmac("sha256", secret).update("kindly seals v1").digest();
  const seal = (value: string) => createHmac("sha256", sealKey).update(value).digest("base64url").slice(0, 22);
  const same = (a: string, b: string) => {
    const [given, expected] = [Buffer.from(a), Buffer.from(b)];
    return given.length === expected.length && timingSafeEqual(given, expected);
  };
  return {
    sign(path, lifetimeSeconds, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
      return `${path}?expires=${expires}&signature=${mac(path, expires)}`;
    },
    verify(path, expires, signature, now = new Date()) {
      if (expires * 1000 <= now.getTime()) return false;
      return same(signature, mac(path, expires));
    },
    seal,
    matchesSeal: (value, given) => same(given, seal(value)),
  };
}

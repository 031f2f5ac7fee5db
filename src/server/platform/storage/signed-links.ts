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
}

export function createLinkSigner(secret: string): LinkSigner {
  const key = createHmac("sha256", secret).update("kindly signed links v1").digest();
  const mac = (path: string, expires: number) => createHmac("sha256", key).update(`${path}\n${expires}`).digest("base64url");
  return {
    sign(path, lifetimeSeconds, now = new Date()) {
      const expires = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
      return `${path}?expires=${expires}&signature=${mac(path, expires)}`;
    },
    verify(path, expires, signature, now = new Date()) {
      if (expires * 1000 <= now.getTime()) return false;
      const expected = Buffer.from(mac(path, expires));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

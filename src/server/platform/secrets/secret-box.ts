import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * Secrets Kindly must read again (an employer's OpenID Connect client
 * secret), kept sealed in the database: AES-256-GCM under a key derived from
 * the server's secret and the purpose, so a dump or a backup of the table
 * opens nothing, and a value sealed for one purpose opens for no other.
 */
export interface SecretBox {
  seal(purpose: string, text: string): string;
  /** The text, or null when the sealed value was altered or sealed under another key. */
  open(purpose: string, sealed: string): string | null;
}

export function createSecretBox(secret: string): SecretBox {
  const keyOf = (purpose: string) => Buffer.from(hkdfSync("sha256", secret, "", `kindly secret box v1 ${purpose}`, 32));
  return {
    seal(purpose, text) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", keyOf(purpose), iv);
      const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
    },
    open(purpose, sealed) {
      try {
        const bytes = Buffer.from(sealed, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", keyOf(purpose), bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

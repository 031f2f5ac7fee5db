import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

// An emailed link written short (issue 26 §5): `${APP_URL}/l/<id>` instead of
// a 300-character address with its token. The id is 12 random base64url
// characters (72 bits), as hard to guess as the tokens it leads to.
//
// No secret is kept in clear (issue 46 §4): the address is stored sealed
// (AES-256-GCM) with a key derived from the id, and the id only as its
// SHA-256, so reading the table (a backup, a leaked dump) opens no link; the
// id, which only the email holds, opens its one address. A link lives as
// long as what it leads to (a reset token's hour), 30 days at most.

/** Addresses up to this length are readable as they are and stay so. */
const SHORT_ENOUGH = 80;
/** The longest a link is kept, whatever it leads to. */
const KEPT_DAYS = 30;

const idHash = (id: string) => createHash("sha256").update(id).digest("hex");
const keyOf = (id: string) => Buffer.from(hkdfSync("sha256", id, "", "kindly short link v1", 32));

/** iv, tag and ciphertext, as base64url text. */
function seal(id: string, target: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(id), iv);
  const body = Buffer.concat([cipher.update(target, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function open(id: string, text: string): string | null {
  try {
    const sealed = Buffer.from(text, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyOf(id), sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    return Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function createShortLinks(db: Kysely<DB>, appUrl: string) {
  return {
    /**
     * A short address for `url` when it is a long link to this site; any other
     * address as it is. `lifetimeSeconds`: how long what it leads to lasts.
     */
    async shorten(url: string, { lifetimeSeconds = KEPT_DAYS * 86_400, now = new Date() } = {}): Promise<string> {
      if (url.length <= SHORT_ENOUGH || !url.startsWith(`${appUrl}/`)) return url;
      const id = randomBytes(9).toString("base64url");
      const seconds = Math.min(lifetimeSeconds, KEPT_DAYS * 86_400);
      await db
        .insertInto("sealed_links")
        .values({ id_hash: idHash(id), sealed: seal(id, url.slice(appUrl.length)), expires_at: new Date(now.getTime() + seconds * 1000) })
        .execute();
      return `${appUrl}/l/${id}`;
    },
  };
}
export type ShortLinks = ReturnType<typeof createShortLinks>;

/** Where a short link leads (a path on this site), or null when unknown or expired. */
export async function resolveShortLink(db: Kysely<DB>, id: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{1,32}$/.test(id)) return null;
  const row = await db
    .selectFrom("sealed_links")
    .select("sealed")
    .where("id_hash", "=", idHash(id))
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row ? open(id, row.sealed) : null;
}

/** Housekeeping: expired short links lead nowhere any more. */
export async function purgeExpiredShortLinks(db: Kysely<DB>, now = new Date()): Promise<void> {
  await db.deleteFrom("sealed_links").where("expires_at", "<=", now).execute();
}

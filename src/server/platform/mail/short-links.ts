import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DB } from "../db/schema.js";

// An emailed link written short (issue 26 §5): `${APP_URL}/l/<id>` instead of
// a 300-character address with its token. The id is 12 random base62-like
// characters (about 71 bits), as hard to guess as the tokens it leads to.

/** Addresses up to this length are readable as they are and stay so. */
const SHORT_ENOUGH = 80;
/** Longer than any token the links carry lives (the longest, a confirmation, lasts a day). */
const KEPT_DAYS = 30;

export function createShortLinks(db: Kysely<DB>, appUrl: string) {
  return {
    /** A short address for `url` when it is a long link to this site; any other address as it is. */
    async shorten(url: string, now = new Date()): Promise<string> {
      if (url.length <= SHORT_ENOUGH || !url.startsWith(`${appUrl}/`)) return url;
      const id = randomBytes(9).toString("base64url");
      await db
        .insertInto("short_links")
        .values({ id, target: url.slice(appUrl.length), expires_at: new Date(now.getTime() + KEPT_DAYS * 86_400_000) })
        .execute();
      return `${appUrl}/l/${id}`;
    },
  };
}
export type ShortLinks = ReturnType<typeof createShortLinks>;

/** Where a short link leads (a path on this site), or null when unknown or expired. */
export async function resolveShortLink(db: Kysely<DB>, id: string, now = new Date()): Promise<string | null> {
  if (!/^[\w-]{1,32}$/.test(id)) return null;
  const row = await db.selectFrom("short_links").select("target").where("id", "=", id).where("expires_at", ">", now).executeTakeFirst();
  return row?.target ?? null;
}

/** Housekeeping: expired short links lead nowhere any more. */
export async function purgeExpiredShortLinks(db: Kysely<DB>, now = new Date()): Promise<void> {
  await db.deleteFrom("short_links").where("expires_at", "<=", now).execute();
}

import { createCipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import { sql, type Kysely } from "kysely";

// Frozen: migrations never import application code (this one repeats the
// sealing of platform/mail/short-links.ts, version 1, on purpose).

/*
 * Short links keep no secret in clear (issue 46 §4): an emailed link's
 * address (a reset or confirmation token inside) is stored sealed with a key
 * derived from the link's own id, and the id only as its SHA-256. The table
 * alone then opens nothing; the id, which only the email holds, opens its
 * one address. Links already sent are sealed in place and keep working.
 */

const idHash = (id: string) => createHash("sha256").update(id).digest("hex");

/** iv, tag and ciphertext, as base64url text. */
function seal(id: string, target: string): string {
  const key = Buffer.from(hkdfSync("sha256", id, "", "kindly short link v1", 32));
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(target, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("sealed_links")
    .addColumn("id_hash", "text", (c) => c.primaryKey())
    .addColumn("sealed", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await sql`create index sealed_links_expires_idx on sealed_links (expires_at)`.execute(db);
  const rows = await db
    .selectFrom("short_links")
    .select(["id", "target", "created_at", "expires_at"])
    .where("expires_at", ">", new Date())
    .execute();
  for (const row of rows as { id: string; target: string; created_at: Date; expires_at: Date }[]) {
    await db
      .insertInto("sealed_links")
      .values({ id_hash: idHash(row.id), sealed: seal(row.id, row.target), created_at: row.created_at, expires_at: row.expires_at })
      .execute();
  }
  await db.schema.dropTable("short_links").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // The ids are not kept: links sealed since cannot be turned back into addresses.
  await db.schema
    .createTable("short_links")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("target", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .execute();
  await sql`create index short_links_expires_idx on short_links (expires_at)`.execute(db);
  await db.schema.dropTable("sealed_links").execute();
}

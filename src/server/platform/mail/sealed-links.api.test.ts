import { sql } from "kysely";
import { declaredEmail } from "../../test/declared.js";
import { describe, expect, it } from "vitest";
import * as sealedShortLinks from "../db/migrations/2026-12-18-0034-sealed-short-links.js";
import { CONFIRMATION_LINK_HOURS, PASSWORD_RESET_MINUTES } from "../../../shared/constants.js";
import { linkFromOutbox, outboxFor, signedInUser, userInput } from "../../test/factories.js";
import { useTestServer } from "../../test/test-server.js";
import { accountEmail } from "./account-emails.js";
import { renderMail } from "./mailer.js";
import { createShortLinks, resolveShortLink } from "./short-links.js";

const APP_URL = "http://kindly.test";

/*
 * Issue 46 §4: emailed links keep no secret in clear. After each kind of
 * email that carries a token, the short links' table holds neither the token
 * nor the link's id, only the id's hash and the address sealed with it (an
 * address short enough to read is never stored at all); the link lives as
 * long as its token.
 */
describe("short links keep no token in clear", () => {
  const suite = useTestServer("postgres");

  /** Every row of the table, as text a dump would show. */
  const tableAsText = async () =>
    (await suite.server.deps.db.selectFrom("sealed_links").selectAll().execute())
      .map((row) => `${row.id_hash} ${row.sealed} ${Buffer.from(row.sealed, "base64url").toString("latin1")}`)
      .join("\n");

  /** The token the newest link to `email` carries, and its short link's id when it was written short. */
  async function newestLink(email: string, path: string) {
    const [mail] = await outboxFor(suite.server, email);
    const id = /\/l\/([\w-]+)/.exec(mail!.text_body)?.[1] ?? null;
    const reached = await linkFromOutbox(suite.server, email, path);
    return { id, token: reached.searchParams.get("token")! };
  }

  it("after a confirmation and a password reset: no token and no id in the table, and each link expires with its token", async () => {
    const newcomer = userInput();
    expect((await suite.client.fresh().post("/api/auth/sign-up", newcomer)).status).toBe(201);
    const confirmation = await newestLink(newcomer.email, "/auth/confirm");
    // A confirmation's address is long: it is written short.
    expect(confirmation.id).not.toBeNull();

    const member = await signedInUser(suite.server);
    expect((await suite.client.fresh().post("/api/auth/forgot-password", { email: member.email })).status).toBe(200);
    const reset = await newestLink(member.email, "/reset-password");

    const dump = await tableAsText();
    for (const { id, token } of [confirmation, reset]) {
      expect(token.length).toBeGreaterThan(20);
      expect(dump).not.toContain(token);
      expect(dump).not.toContain(encodeURIComponent(token));
      if (id) expect(dump).not.toContain(id);
    }
    // The id alone opens its address; another id opens nothing.
    expect(await resolveShortLink(suite.server.deps.db, confirmation.id!)).toMatch(/^\/auth\/confirm\?token=/);
    const changed = `${confirmation.id!.slice(0, -1)}${confirmation.id!.endsWith("A") ? "B" : "A"}`;
    expect(await resolveShortLink(suite.server.deps.db, changed)).toBeNull();

    // A reset link written short (a long address) lives its token's hour; a confirmation's, its day.
    const links = createShortLinks(suite.server.deps.db, APP_URL);
    const longReset = `${APP_URL}/reset-password?token=${"t".repeat(120)}`;
    const mail = await renderMail(
      accountEmail(declaredEmail("resetPassword"), "en", member.email, { username: member.username }, longReset),
      links,
    );
    const resetId = /\/l\/([\w-]+)/.exec(mail.text)![1]!;
    const lifetimes = (await suite.server.deps.db.selectFrom("sealed_links").select(["created_at", "expires_at"]).execute()).map((row) =>
      Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 60_000),
    );
    expect(lifetimes).toContain(PASSWORD_RESET_MINUTES);
    expect(lifetimes).toContain(CONFIRMATION_LINK_HOURS * 60);
    expect(Math.max(...lifetimes)).toBeLessThanOrEqual(CONFIRMATION_LINK_HOURS * 60);
    // Past its hour, the reset's short link leads nowhere; the confirmation's still leads to its page.
    const later = new Date(Date.now() + (PASSWORD_RESET_MINUTES + 1) * 60_000);
    expect(await resolveShortLink(suite.server.deps.db, resetId)).toBe(longReset.slice(APP_URL.length));
    expect(await resolveShortLink(suite.server.deps.db, resetId, later)).toBeNull();
    expect(await resolveShortLink(suite.server.deps.db, confirmation.id!, later)).toMatch(/^\/auth\/confirm\?token=/);
  });
});

describe("links sent before sealing", () => {
  const suite = useTestServer("postgres");

  it("keep working once migration 0034 seals them, and the table keeps no address", async () => {
    const { db } = suite.server.deps;
    // The table as it was, with a link an older version wrote (down, then the old row, then up again).
    await db.transaction().execute((trx) => sealedShortLinks.down(trx));
    const target = `/reset-password?token=${"r".repeat(64)}`;
    await sql`insert into short_links (id, target, expires_at) values ('oldLinkId123', ${target}, now() + interval '1 hour')`.execute(db);
    await sql`insert into short_links (id, target, expires_at) values ('expiredLink1', ${target}, now() - interval '1 hour')`.execute(db);
    await db.transaction().execute((trx) => sealedShortLinks.up(trx));
    expect(await resolveShortLink(db, "oldLinkId123")).toBe(target);
    expect(await resolveShortLink(db, "expiredLink1")).toBeNull();
    const rows = await db.selectFrom("sealed_links").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain("rrrr");
    expect(JSON.stringify(rows)).not.toContain("oldLinkId123");
  });
});

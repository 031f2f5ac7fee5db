import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { buildOrganization, outboxFor, signedInOfficial, signedInUser } from "../../test/factories.js";
import { photo, photoForm } from "../../test/images.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { pseudonymFor } from "../scan/index.js";
import { purgeDueAccounts } from "./deletion-service.js";
import { PERSONAL_DATA } from "../../personal-data.js";
import { sourceFiles } from "../../test/source-files.js";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const DAY = 86_400_000;

describe.each(testDrivers({ replica: true }))("deleting one's account on %s", (driver) => {
  // No shared cache of public reads: each read shows the current state.
  const suite = useTestServer(driver, { env: { PUBLIC_CACHE_SECONDS: "0" } });

  /** A member with a public life: an act on the board under their username, a chat message and a photo. */
  async function activeMember() {
    const member = await signedInUser(suite.server);
    const { physical } = await buildOrganization(suite.server.deps.db);
    expect((await member.client.post("/api/scans", physical)).status).toBe(201);
    await member.client.patch("/api/me", { showOnLeaderboards: true });
    const message = (await member.client.post("/api/chat/messages", { body: `Shared my umbrella ${member.username}` })).body;
    const post = (await member.client.upload("/api/gallery/posts", photoForm({ caption: "Flowers for a neighbour" }, await photo()))).body;
    return { ...member, messageId: message.id as string, postId: post.id as string };
  }

  const visitor = () => suite.client.fresh();
  const board = async () =>
    (await visitor().get("/api/leaderboards?board=individual&period=all")).body.rows as { name: string; rank: number; acts: number }[];
  const chatIds = async () => ((await visitor().get("/api/chat/messages")).body.messages as { id: string }[]).map((m) => m.id);
  const postIds = async () => ((await visitor().get("/api/gallery/posts")).body.posts as { id: string }[]).map((p) => p.id);

  it("asks for the password, then ends every session, hides the person's public content at once and mails the dates", async () => {
    const member = await activeMember();
    const phone = suite.client.fresh({ "user-agent": "Phone" });
    await phone.post("/api/auth/sign-in", { email: member.email, password: member.password });
    expect(await chatIds()).toContain(member.messageId);
    expect((await board()).map((row) => row.name)).toContain(member.username);

    const wrong = await member.client.post("/api/auth/delete-account", { password: "not my password" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error).toMatchObject({ code: "wrong_current_password", field: "password" });
    expect((await member.client.get("/api/me")).status).toBe(200);

    const asked = await member.client.post("/api/auth/delete-account", { password: member.password });
    expect(asked.status).toBe(200);
    const purgeAfter = new Date(asked.body.purgeAfter).getTime();
    const cancelBefore = new Date(asked.body.cancelBefore).getTime();
    expect(Math.round((purgeAfter - cancelBefore) / DAY)).toBe(23);
    expect(asked.setCookie.some((line) => /^kindly\.session_token=;/.test(line))).toBe(true);

    for (const device of [member.client, phone]) expect((await device.get("/api/me")).status).toBe(401);
    expect(await chatIds()).not.toContain(member.messageId);
    expect(await postIds()).not.toContain(member.postId);
    const names = (await board()).map((row) => row.name);
    expect(names).not.toContain(member.username);
    expect(names).toContain(pseudonymFor(member.id));

    const [mail] = (await outboxFor(suite.server, member.email)).filter((m) => m.subject === "Your Kindly account will be deleted");
    expect(mail!.text_body).toContain("Sign in before");
    expect(mail!.text_body).toContain(
      new Intl.DateTimeFormat("en-CA", { dateStyle: "long", timeZone: "America/Toronto" }).format(purgeAfter),
    );

    // The person in charge sees the request and its purge date.
    const official = await signedInOfficial(suite.server);
    const listed = (await official.client.get("/api/admin/deletion-requests")).body.requests;
    expect(listed).toContainEqual(
      expect.objectContaining({ id: member.id, username: member.username, purgeAfter: asked.body.purgeAfter, purgedAt: null }),
    );
    expect((await phone.get("/api/admin/deletion-requests")).status).toBe(401);
  });

  it("cancels the deletion when the person signs in within 7 days, restoring everything as it was", async () => {
    const member = await activeMember();
    await member.client.post("/api/auth/delete-account", { password: member.password });
    const back = await suite.client.fresh().post("/api/auth/sign-in", { email: member.email, password: member.password });
    expect(back.status).toBe(200);
    expect(back.body.deletionCancelled).toBe(true);
    expect(await chatIds()).toContain(member.messageId);
    expect(await postIds()).toContain(member.postId);
    expect((await board()).map((row) => row.name)).toContain(member.username);
    const again = await suite.client.fresh().post("/api/auth/sign-in", { email: member.email, password: member.password });
    expect(again.body.deletionCancelled).toBe(false);
    const official = await signedInOfficial(suite.server);
    const ids = ((await official.client.get("/api/admin/deletion-requests")).body.requests as { id: string }[]).map((r) => r.id);
    expect(ids).not.toContain(member.id);
  });

  it("refuses sign-in after 7 days, and the purge on its date erases the personal data while the acts keep counting", async () => {
    const { db, storage } = suite.server.deps;
    const member = await activeMember();
    const other = await signedInUser(suite.server);
    const { physical } = await buildOrganization(db);
    await other.client.post("/api/scans", physical);
    await member.client.post("/api/auth/delete-account", { password: member.password });
    const files = await db
      .selectFrom("gallery_posts")
      .select(["image_key", "thumb_key"])
      .where("id", "=", member.postId)
      .executeTakeFirstOrThrow();

    // Eight days later (the request moved back in time: the rule reads the request's date).
    await db
      .updateTable("users")
      .set({ deletion_requested_at: sql`deletion_requested_at - interval '8 days'` })
      .where("id", "=", member.id)
      .execute();
    const late = await suite.client.fresh().post("/api/auth/sign-in", { email: member.email, password: member.password });
    expect(late.status).toBe(403);
    expect(late.body.error.code).toBe("account_deleted");

    const statsBefore = (await visitor().get("/api/stats")).body;
    const otherRankBefore = (await board()).find((row) => row.name === pseudonymFor(other.id))!.rank;
    const purgeDate = new Date(
      (await db.selectFrom("users").select("purge_after").where("id", "=", member.id).executeTakeFirstOrThrow()).purge_after!,
    );

    // The job, a day before the date, leaves the account alone; on the date, it purges.
    await purgeDueAccounts({ db, storage, personalData: PERSONAL_DATA }, new Date(purgeDate.getTime() - DAY));
    expect((await db.selectFrom("users").select("purged_at").where("id", "=", member.id).executeTakeFirstOrThrow()).purged_at).toBeNull();
    expect(
      await purgeDueAccounts({ db, storage, personalData: PERSONAL_DATA }, new Date(purgeDate.getTime() + 1000)),
    ).toBeGreaterThanOrEqual(1);

    const row = await db.selectFrom("users").selectAll().where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(row.purged_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(member.username);
    expect(JSON.stringify(row)).not.toContain(member.email);
    expect(row.country).toBeNull();
    for (const table of ["chat_messages", "gallery_posts", "sessions", "accounts", "known_devices"] as const) {
      const left = await db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as("n"))
        .where("user_id", "=", member.id)
        .executeTakeFirstOrThrow();
      expect(Number(left.n), table).toBe(0);
    }
    for (const key of [files.image_key, files.thumb_key]) expect(await storage.get(key)).toBeNull();
    const acts = await db.selectFrom("acts").select(["latitude", "longitude"]).where("user_id", "=", member.id).execute();
    expect(acts).toEqual([{ latitude: null, longitude: null }]);

    // Totals and other people's ranks do not move; the purged account's acts stay as an anonymous row.
    const statsAfter = (await visitor().get("/api/stats")).body;
    expect(statsAfter.totalActs).toBe(statsBefore.totalActs);
    expect(statsAfter.users).toBe(statsBefore.users);
    const after = await board();
    expect(after.find((row) => row.name === pseudonymFor(other.id))!.rank).toBe(otherRankBefore);
    expect(after.map((row) => row.name)).toContain(pseudonymFor(member.id));

    expect((await suite.client.fresh().post("/api/auth/sign-in", { email: member.email, password: member.password })).status).toBe(401);
    const official = await signedInOfficial(suite.server);
    const listed = (await official.client.get("/api/admin/deletion-requests")).body.requests;
    expect(listed).toContainEqual(expect.objectContaining({ id: member.id, username: null, email: null, purgedAt: expect.any(String) }));
    // A second run has nothing left to do for it.
    await purgeDueAccounts({ db, storage, personalData: PERSONAL_DATA }, new Date(purgeDate.getTime() + 2 * DAY));
    expect((await db.selectFrom("users").select("purged_at").where("id", "=", member.id).executeTakeFirstOrThrow()).purged_at).toEqual(
      row.purged_at,
    );
  });

  it("leaves no table that points at a person to nobody: each is erased by its owner, or kept anonymous on purpose", async () => {
    // Rows that stay after the purge, still pointing at the renamed account: what totals, boards and others' ranks count.
    const KEPT: Record<string, string> = {
      acts: "the counter and the boards count them (their positions are wiped)",
      voided_acts: "kept with their numbers, their person unset",
      users: "the account row itself, renamed",
      user_stats: "the anonymous row's totals",
      user_scan_days: "the anonymous row's streak days",
      person_organization_counts: "the anonymous row's acts per organisation",
      user_achievements: "the anonymous row's achievements",
      leaderboard_counts: "others' ranks do not move",
      team_members: "a team counts acts made while people were members; the person has left",
      teams: "a team the person created goes on with its members (handed over when they leave)",
      moderation_actions: "the record of what the official account did",
      // An organization's and an employer's own records name who did what; they now name the anonymous row.
      organizations: "an organization's record of who registered it",
      organization_invitations: "an organization's record of who invited whom (the invitee's address is theirs)",
      campaigns: "an organization's record of who made a campaign",
      manual_act_batches: "the official account's record of acts it recorded by hand",
      internal_audits: "an employer's audit, and who wrote it",
      sst_committee_action_items: "an employer's committee record",
      wellbeing_surveys: "an employer's survey, and who opened it (answers are stored apart from anyone)",
      workplace_access_codes: "an employer's access code, and who made it",
      workplace_policy_files: "an employer's policy file, and who uploaded it",
      staff_directory_tokens: "an employer's SCIM token, and who made it",
      it_handoffs: "an employer's link to its IT person's guide, and who sent it (expires within a week)",
      sso_configurations: "an employer's sign-on settings, and who saved them",
    };
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select distinct c.conrelid::regclass::text as table_name, a.attname as column_name
      from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
      where c.contype = 'f' and c.confrelid = 'users'::regclass
      order by 1, 2
    `.execute(suite.server.deps.db);
    expect(rows.length).toBeGreaterThan(20);
    const erasers = sourceFiles(fileURLToPath(new URL("..", import.meta.url)))
      .filter((file) => file.endsWith("personal-data.ts"))
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
    const unowned = rows
      .map((row) => row.table_name.replace(/^public\./, ""))
      .filter((table) => !KEPT[table] && !new RegExp(`(deleteFrom|updateTable)\\(\\s*"${table}"`).test(erasers));
    expect([...new Set(unowned)]).toEqual([]);
  });

  it("never deletes the official account", async () => {
    const official = await signedInOfficial(suite.server);
    const refused = await official.client.post("/api/auth/delete-account", { password: official.password });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("official_account_protected");
  });
});

import { strFromU8, unzipSync } from "fflate";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { backgroundSettled } from "../../http/after-response.js";
import { buildOrganization, signedInUser } from "../../test/factories.js";
import type { TestClient } from "../../test/http-client.js";
import { photo, photoForm } from "../../test/images.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { toCsv } from "./export-archive.js";

/** Asks for the archive, waits for it to be built, downloads and opens it. */
async function exportOf(client: TestClient, baseUrl: string) {
  const asked = await client.post("/api/me/exports");
  expect(asked.status).toBe(202);
  expect(asked.body).toMatchObject({ status: "building" });
  await backgroundSettled();
  const latest = (await client.get("/api/me/exports/latest")).body.export;
  expect(latest).toMatchObject({ id: asked.body.id, status: "ready", progress: 100 });
  const response = await fetch(`${baseUrl}/api/me/exports/${latest.id}/file`, { headers: { cookie: client.cookieHeader() } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="kindly-data-\d{4}-\d{2}-\d{2}\.zip"$/);
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const json = (name: string) => JSON.parse(strFromU8(files[name]!)) as Record<string, unknown>[];
  return { id: latest.id as string, files, json, text: (name: string) => strFromU8(files[name]!) };
}

describe("CSV for spreadsheets", () => {
  it("quotes commas, quotes and line breaks, and defuses formulas", () => {
    expect(toCsv([{ a: 'He said "hi", twice', b: "line\nbreak", c: "=HYPERLINK()", d: null, e: 3 }])).toBe(
      'a,b,c,d,e\r\n"He said ""hi"", twice","line\nbreak",\'=HYPERLINK(),,3\r\n',
    );
  });
});

describe.each(testDrivers())("taking one's data on %s", (driver) => {
  const suite = useTestServer(driver);

  it("gives each person exactly their own data, as JSON, CSV and photos with a README in their language", async () => {
    const { db } = suite.server.deps;
    const [alice, bruno] = [await signedInUser(suite.server), await signedInUser(suite.server)];
    await bruno.client.patch("/api/me", { languagePreference: "fr" });
    // Interleaved lives: each scans, writes, posts and reports in turn.
    const org = await buildOrganization(db);
    const other = await buildOrganization(db);
    for (const [person, code] of [
      [alice, org.physical],
      [bruno, org.physical],
      [alice, other.portable],
      [bruno, other.physical],
    ] as const) {
      expect((await person.client.post("/api/scans", code)).status).toBe(201);
    }
    const aliceMessage = (await alice.client.post("/api/chat/messages", { body: `Alice, kindly: "thanks", neighbour` })).body;
    const brunoMessage = (await bruno.client.post("/api/chat/messages", { body: "Bruno a aidé un voisin" })).body;
    await alice.client.upload("/api/gallery/posts", photoForm({ caption: "Alice's flowers" }, await photo()));
    await bruno.client.upload("/api/gallery/posts", photoForm({ caption: "Les fleurs de Bruno" }, await photo()));
    await alice.client.upload("/api/gallery/posts", photoForm({ caption: "Alice again" }, await photo()));
    await alice.client.post(`/api/chat/messages/${brunoMessage.id}/reports`, { reason: "spam", details: "Alice reports" });
    await bruno.client.post(`/api/chat/messages/${aliceMessage.id}/reports`, { reason: "spam", details: "Bruno reports" });

    // The legal names their certificates would carry (Law 25: kept with their purpose).
    expect((await alice.client.put("/api/workplace/legal-name", { legalName: "Alice Côté-Nguyen" })).status).toBe(200);
    expect((await bruno.client.put("/api/workplace/legal-name", { legalName: "Bruno Lefebvre" })).status).toBe(200);

    // Her walking team, which Bruno joined.
    const team = await alice.client.post("/api/teams", { kind: "walking", name: `Alice et cie ${Date.now().toString(36)}` });
    expect((await bruno.client.post("/api/teams/join-by-invite", { invite: team.body.invitePath })).status).toBe(200);

    // Where her device signed in from, as a trusted proxy would have named it.
    await db.updateTable("sessions").set({ country: "CA" }).where("user_id", "=", alice.id).execute();

    const archive = await exportOf(alice.client, suite.server.url);
    expect(archive.json("workplace/legal-name.json")).toEqual([
      expect.objectContaining({ legal_name: "Alice Côté-Nguyen", purpose: "certificates" }),
    ]);
    expect(archive.json("teams.json")).toEqual([
      expect.objectContaining({ team: expect.stringMatching(/^Alice et cie/), kind: "walking", owner: true, left_at: null }),
    ]);
    expect(archive.json("signed-in-devices.json")).toEqual([expect.objectContaining({ country: "CA", ip_address: expect.any(String) })]);
    expect(archive.json("profile.json")).toEqual([expect.objectContaining({ id: alice.id, username: alice.username, email: alice.email })]);
    expect(archive.json("acts.json").map((act) => act.organisation)).toEqual([org.org.name, other.org.name]);
    expect(archive.json("chat-messages.json")).toEqual([expect.objectContaining({ id: aliceMessage.id, message: aliceMessage.body })]);
    expect(archive.json("gallery-posts.json").map((post) => post.caption)).toEqual(["Alice's flowers", "Alice again"]);
    expect(archive.json("reports-made.json")).toEqual([
      expect.objectContaining({ reported_id: brunoMessage.id, details: "Alice reports" }),
    ]);
    const photos = Object.keys(archive.files).filter((name) => name.startsWith("photos/"));
    expect(photos).toHaveLength(2);
    for (const name of photos) expect([...archive.files[name]!.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The CSV says the same, and a message with a comma and quotes stays one field.
    expect(archive.text("chat-messages.csv").split("\r\n")[1]).toContain('"Alice, kindly: ""thanks"", neighbour"');
    expect(archive.text("acts.csv").trim().split("\r\n")).toHaveLength(3);
    expect(Object.keys(archive.files)).toEqual(
      expect.arrayContaining(["README.txt", "workplace/certificates.json", "workplace/certificates.csv"]),
    );
    expect(archive.text("README.txt")).toContain("Everything Kindly holds about you");
    // Every owner's section is named in the README in words, never by its key (six were, before the sections moved to their owners).
    expect(archive.text("README.txt")).not.toContain("export.sections.");
    expect(archive.text("README.txt")).toContain("teams.json / teams.csv: the teams you belong to or belonged to (1)");
    // Nothing of Bruno's, anywhere (his message appears only as the id Alice reported): not his name, address, words, photos or report.
    const everything = Object.entries(archive.files)
      .filter(([name]) => !name.startsWith("photos/"))
      .map(([, bytes]) => strFromU8(bytes))
      .join("\n");
    for (const secret of [
      bruno.id,
      bruno.username,
      bruno.email,
      "Bruno a aidé",
      "Les fleurs de Bruno",
      "Bruno reports",
      "Bruno Lefebvre",
    ]) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).not.toMatch(/photo_key|uploads\//);

    // Bruno's, in French.
    const his = await exportOf(bruno.client, suite.server.url);
    expect(his.text("LISEZMOI.txt")).toContain("Tout ce que Kindly détient à votre sujet");
    expect(his.text("LISEZMOI.txt")).not.toContain("export.sections.");
    expect(his.text("LISEZMOI.txt")).toContain("teams.json / teams.csv\u00a0: les équipes dont vous faites ou avez fait partie (1)");
    expect(his.json("acts.json")).toHaveLength(2);
    expect(JSON.stringify(his.json("gallery-posts.json"))).not.toContain("Alice");

    // Nobody else can download Alice's archive.
    const stolen = await fetch(`${suite.server.url}/api/me/exports/${archive.id}/file`, {
      headers: { cookie: bruno.client.cookieHeader() },
    });
    expect(stolen.status).toBe(404);
    expect((await suite.client.fresh().get(`/api/me/exports/${archive.id}/file`)).status).toBe(401);
  });

  it("lets the archive be downloaded for 24 hours only, then removes its file", async () => {
    const { db, storage } = suite.server.deps;
    const member = await signedInUser(suite.server);
    const archive = await exportOf(member.client, suite.server.url);
    const row = await db.selectFrom("data_exports").selectAll().where("id", "=", archive.id).executeTakeFirstOrThrow();
    expect(new Date(row.expires_at!).getTime() - new Date(row.ready_at!).getTime()).toBe(24 * 3_600_000);

    await db
      .updateTable("data_exports")
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where("id", "=", archive.id)
      .execute();
    expect((await member.client.get("/api/me/exports/latest")).body.export.status).toBe("expired");
    expect((await member.client.get(`/api/me/exports/${archive.id}/file`)).status).toBe(404);
    const { removeExpiredExports } = await import("./export-service.js");
    await removeExpiredExports({ db, storage });
    expect(await storage.get(row.storage_key!)).toBeNull();
  });
});

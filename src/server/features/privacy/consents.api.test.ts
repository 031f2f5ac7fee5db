import { describe, expect, it } from "vitest";
import { CONSENT_VERSIONS } from "../../../shared/constants.js";
import { signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers())("consent records on %s", (driver) => {
  const suite = useTestServer(driver);

  it("records the versions accepted at sign-up with their date, asks once for a new version, and keeps every acceptance", async () => {
    const before = Date.now();
    const member = await signedInUser(suite.server);
    const { db } = suite.server.deps;
    const rows = await db.selectFrom("consents").selectAll().where("user_id", "=", member.id).orderBy("document").execute();
    expect(rows.map((row) => [row.document, row.version])).toEqual([
      ["privacy", CONSENT_VERSIONS.privacy],
      ["terms", CONSENT_VERSIONS.terms],
    ]);
    for (const row of rows) expect(new Date(row.accepted_at).getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await member.client.get("/api/me")).body.consentsNeeded).toEqual([]);

    // The terms the person accepted were an earlier version: the app asks once for the current one.
    await db
      .updateTable("consents")
      .set({ version: "2026-01-01" })
      .where("user_id", "=", member.id)
      .where("document", "=", "terms")
      .execute();
    expect((await member.client.get("/api/me")).body.consentsNeeded).toEqual(["terms"]);
    expect((await member.client.get("/api/auth/session")).body.user.consentsNeeded).toEqual(["terms"]);
    const accepted = await member.client.post("/api/me/consents", { documents: ["terms"] });
    expect(accepted.status).toBe(200);
    expect(accepted.body.consentsNeeded).toEqual([]);
    const history = await db
      .selectFrom("consents")
      .select(["document", "version"])
      .where("user_id", "=", member.id)
      .where("document", "=", "terms")
      .orderBy("version")
      .execute();
    expect(history.map((row) => row.version)).toEqual(["2026-01-01", CONSENT_VERSIONS.terms]);
    // Accepting again changes nothing; an unknown document is refused.
    expect((await member.client.post("/api/me/consents", { documents: ["terms"] })).status).toBe(200);
    expect((await member.client.post("/api/me/consents", { documents: ["cookies"] })).status).toBe(400);
    expect((await suite.client.fresh().post("/api/me/consents", { documents: ["terms"] })).status).toBe(401);
  });
});

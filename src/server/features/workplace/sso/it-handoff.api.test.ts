import { describe, expect, it } from "vitest";
import { buildEmployer } from "../../../test/compliance-fixtures.js";
import { linkFromOutbox, outboxFor, signedInUser } from "../../../test/factories.js";
import { TestClient } from "../../../test/http-client.js";
import { testDrivers, useTestServer } from "../../../test/test-server.js";

describe.each(testDrivers())("sending the sign-in set-up to the employer's IT person on %s (issue 61 §2)", (driver) => {
  const suite = useTestServer(driver);

  it("mails an expiring link in the chosen language to a page with this employer's values, and opens nothing else", async () => {
    const employer = await buildEmployer(suite.server, 0);
    const it_ = `it${Date.now()}@clinique.example`;
    const send = `/api/organizations/${employer.organizationId}/workplace/it-handoff`;

    // Only the employer's managers send it; the address and language are checked like any other.
    const stranger = await signedInUser(suite.server);
    expect((await stranger.client.post(send, { email: it_, language: "fr" })).status).toBe(403);
    const badAddress = await employer.owner.client.post(send, { email: "not an address", language: "fr" });
    expect(badAddress.status).toBe(400);
    expect(badAddress.body.error.field).toBe("email");
    expect((await employer.owner.client.post(send, { email: it_, language: "xx" })).status).toBe(400);

    const sent = await employer.owner.client.post(send, { email: it_, language: "fr" });
    expect(sent.status).toBe(201);
    const link = new URL(sent.body.url);
    expect(link.pathname).toMatch(/^\/it-setup\/[\w-]{32}$/);
    // In French as asked, whatever the sender's language, and the same link.
    const [mail] = await outboxFor(suite.server, it_);
    expect(mail!.subject).toContain("la connexion du personnel à Kindly, à configurer");
    expect((await linkFromOutbox(suite.server, it_, "/it-setup/")).pathname).toBe(link.pathname);

    // Signed out, the link's page reads this employer's values; the token itself is not stored.
    const token = link.pathname.split("/").pop()!;
    const visitor = new TestClient(suite.server.url);
    const page = await visitor.get(`/api/it-handoffs/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      language: "fr",
      redirectUri: expect.stringMatching(/\/api\/sso\/callback$/),
      signInUrl: expect.stringContaining(`/api/sso/${employer.organizationId}/start`),
      scimUrl: expect.stringMatching(/\/scim\/v2$/),
      ssoConfigured: false,
      directoryConnected: false,
    });
    expect(Object.keys(page.body).sort()).toEqual(
      ["directoryConnected", "expiresAt", "language", "organizationName", "redirectUri", "scimUrl", "signInUrl", "ssoConfigured"].sort(),
    );
    const stored = await suite.server.deps.db.selectFrom("it_handoffs").selectAll().where("recipient_email", "=", it_).execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
    // It opens no session and nothing of the employer's settings.
    expect((await visitor.get(`/api/organizations/${employer.organizationId}/workplace/sso`)).status).toBe(401);

    // A made-up link, and the real one once expired, find nothing (said in the reader's language).
    const madeUp = await visitor.get(`/api/it-handoffs/${"x".repeat(32)}`, { "x-kindly-language": "fr" });
    expect(madeUp.status).toBe(404);
    expect(madeUp.body.error.message).toBe(
      "Ce lien est expiré ou n’est pas valide. Demandez-en un nouveau à la personne qui vous l’a envoyé.",
    );
    await suite.server.deps.db
      .updateTable("it_handoffs")
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where("recipient_email", "=", it_)
      .execute();
    expect((await visitor.get(`/api/it-handoffs/${token}`)).status).toBe(404);
  });
});

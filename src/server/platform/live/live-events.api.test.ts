import { describe, expect, it } from "vitest";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { readEvents } from "../../test/event-stream.js";

describe.each(testDrivers())("the live events stream on %s", (driver) => {
  const suite = useTestServer(driver);

  it("tells every visitor about newly numbered acts, one event per batch, without names", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { org, physical } = await buildOrganization(db);
    const stream = await fetch(`${suite.server.url}/api/events`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);

    const scan = await new TestClient(suite.server.url, { cookie: user!.cookie }).post("/api/scans", physical);
    expect(scan.status).toBe(201);
    const { events, preamble } = await readEvents(stream, (seen) =>
      seen.some(
        (e) => e.event === "acts" && JSON.parse(e.data).latest.some((a: { actNumber: number }) => a.actNumber === scan.body.actNumber),
      ),
    );
    expect(preamble).toMatch(/retry: \d+/);
    const batch = events
      .map((e) => ({ event: e.event, ...JSON.parse(e.data) }))
      .find((e) => e.latest.some((a: { actNumber: number }) => a.actNumber === scan.body.actNumber));
    expect(batch.event).toBe("acts");
    expect(batch.count).toBeGreaterThanOrEqual(1);
    expect(batch.latest.find((a: { actNumber: number }) => a.actNumber === scan.body.actNumber)).toMatchObject({
      organizationName: org.name,
      pseudonym: expect.stringMatching(/^Kindly #/),
    });
    expect(JSON.stringify(events)).not.toContain(user!.username);
  });
});

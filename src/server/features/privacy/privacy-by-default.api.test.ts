import { describe, expect, it } from "vitest";
import { LEADERBOARD_BOARDS, LEADERBOARD_PERIODS } from "../../../shared/schemas/stats.js";
import { buildOrganization, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { pseudonymFor } from "../scan/index.js";

/**
 * Where a person posts themselves (chat, gallery) their username shows; the
 * live stream is read by its own test (live-events.api.test.ts).
 */
const POSTS_THEMSELVES = /^\/api\/(chat|gallery)\//;

describe.each(testDrivers({ replica: true }))("privacy by default on %s", (driver) => {
  // No shared cache: a choice shows on the next read.
  const suite = useTestServer(driver, { env: { PUBLIC_CACHE_SECONDS: "0" } });

  it("shows a new account only as its pseudonym on every public read, until it opts in to leaderboards", async () => {
    const member = await signedInUser(suite.server);
    expect((await member.client.get("/api/me")).body.showOnLeaderboards).toBe(false);
    const { virtual, physical } = await buildOrganization(suite.server.deps.db);
    expect((await member.client.post("/api/scans", { ...virtual[0]!.code, ...virtual[0]!.at })).status).toBe(201);
    expect((await member.client.post("/api/scans", physical)).status).toBe(201);

    // Every public read without parameters in its path, as a visitor, and every board and period.
    const visitor = suite.client.fresh();
    const publicReads = suite.server.app.apiRoutes
      .filter((route) => route.method === "GET" && route.config?.access === "anyone")
      .map((route) => route.url)
      .filter((url) => !url.includes(":") && url !== "/api/events" && !url.startsWith("/api/docs") && !POSTS_THEMSELVES.test(url));
    const boards = LEADERBOARD_BOARDS.flatMap((board) =>
      LEADERBOARD_PERIODS.map((period) => `/api/leaderboards?board=${board}&period=${period}`),
    );
    expect(publicReads).toEqual(expect.arrayContaining(["/api/stats", "/api/feed", "/api/leaderboards", "/api/contests"]));
    const answers = await Promise.all(
      [...publicReads, ...boards].map(async (url) => ({ url, body: JSON.stringify((await visitor.get(url)).body) })),
    );
    const exposed = answers.filter(({ body }) =>
      [member.username, member.email, member.id].some((secret) => body.toLowerCase().includes(secret.toLowerCase())),
    );
    expect(exposed.map(({ url }) => url)).toEqual([]);

    const board = async () =>
      (await visitor.get("/api/leaderboards?board=individual&period=all")).body.rows as { id: string; name: string }[];
    expect((await board()).map((row) => row.name)).toContain(pseudonymFor(member.id));

    // Opting in shows the username there, and only there.
    const optIn = await member.client.patch("/api/me", { showOnLeaderboards: true });
    expect(optIn.status).toBe(200);
    expect(optIn.body.showOnLeaderboards).toBe(true);
    const names = (await board()).map((row) => row.name);
    expect(names).toContain(member.username);
    expect(names).not.toContain(pseudonymFor(member.id));
    expect(JSON.stringify((await visitor.get("/api/feed")).body)).not.toContain(member.username);

    // And back.
    await member.client.patch("/api/me", { showOnLeaderboards: false });
    expect((await board()).map((row) => row.name)).not.toContain(member.username);
  });
});

import { describe, expect, it } from "vitest";
import { buildOrganization, signedInUser } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";

describe.each(testDrivers({ replica: true }))("a person's own place on the board on %s", (driver) => {
  const suite = useTestServer(driver);

  it("gives the key of their row on the public board, their rank and the name the board shows", async () => {
    const person = await signedInUser(suite.server);
    const before = await person.client.get("/api/me/leaderboard?period=monthly");
    expect(before.body).toMatchObject({ rank: null, acts: 0, pseudonymous: true, name: expect.stringMatching(/^Kindly #/) });

    const codes = await buildOrganization(suite.server.deps.db);
    expect((await person.client.post("/api/scans", codes.physical)).status).toBe(201);
    const mine = (await person.client.get("/api/me/leaderboard?period=all")).body;
    expect(mine.acts).toBe(1);
    // The public board (fresh from the primary for the writer) holds the same row under the same key.
    const board = (await person.client.get("/api/leaderboards?board=individual&period=all")).body;
    const row = board.rows.find((r: { id: string }) => r.id === mine.key);
    expect(row).toMatchObject({ rank: mine.rank, name: mine.name, acts: 1 });
    // The key is not the account's id, and the board names the person as they chose.
    expect(mine.key).not.toBe(person.id);
    await person.client.request("PATCH", "/api/me", { showOnLeaderboards: true });
    expect((await person.client.get("/api/me/leaderboard?period=all")).body).toMatchObject({ name: person.username, pseudonymous: false });
    expect((await suite.client.fresh().get("/api/me/leaderboard")).status).toBe(401);
  });

  it("breaks ties by who got there first: five newcomers with one act each are ranked 1 to 5, not all first", async () => {
    const { physical } = await buildOrganization(suite.server.deps.db);
    const people = [];
    for (let i = 0; i < 5; i++) {
      const person = await signedInUser(suite.server);
      expect((await person.client.post("/api/scans", physical)).status).toBe(201);
      people.push(person);
    }
    const places = [];
    for (const person of people)
      places.push((await person.client.get("/api/me/leaderboard?period=all")).body as { key: string; rank: number });
    // Each later arrival ranks after the one before, and the board agrees with each person's own place.
    for (let i = 1; i < places.length; i++) expect(places[i]!.rank).toBe(places[i - 1]!.rank + 1);
    const board = (await people[0]!.client.get("/api/leaderboards?board=individual&period=all")).body.rows as {
      id: string;
      rank: number;
    }[];
    for (const place of places) {
      const row = board.find((r) => r.id === place.key);
      if (row) expect(row.rank).toBe(place.rank);
    }
    expect(new Set(board.map((row) => row.rank)).size).toBe(board.length);
  });
});

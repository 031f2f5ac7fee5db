import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { buildUsers } from "../../test/factories.js";
import { testDrivers, useTestServer } from "../../test/test-server.js";
import { prepared } from "./prepared.js";

// Prepared statements (prepared.ts): the same answers as the query built
// per call, on the pool and inside a transaction, and one text per name.

const usersNamed = prepared<{ first: string; second: string }>()("test_users_named", (db, p) =>
  db
    .selectFrom("users")
    .select(["id", "username"])
    // A fixed value beside the parameters, and a parameter used twice.
    .where("email_verified", "=", true)
    .where((eb) =>
      eb.or([eb("username", "=", p.first), eb("username", "=", p.second), eb("email", "=", sql<string>`${p.first} || '@nowhere'`)]),
    )
    .orderBy("username"),
);

describe.each(testDrivers())("prepared statements on %s", (driver) => {
  const suite = useTestServer(driver);

  it("answer as the query built per call, called again with other values, on the pool and in a transaction", async () => {
    const db = suite.server.deps.db;
    const [a, b, c] = await buildUsers(db, { secret: "x".repeat(32), cookieName: "t" }, 3);
    const perCall = (first: string, second: string) =>
      db.selectFrom("users").select(["id", "username"]).where("username", "in", [first, second]).orderBy("username").execute();

    // More than five calls: PostgreSQL may switch a prepared statement to a generic plan by then.
    for (const [first, second] of [
      [a!.username, b!.username],
      [b!.username, c!.username],
      [c!.username, "nobody"],
      [a!.username, b!.username],
      [a!.username, c!.username],
      [b!.username, a!.username],
    ] as const) {
      const { rows } = await usersNamed.execute(db, { first, second });
      expect(rows).toEqual(await perCall(first, second));
    }
    const inTransaction = await db.transaction().execute((trx) => usersNamed.execute(trx, { first: c!.username, second: a!.username }));
    expect(inTransaction.rows).toEqual(await perCall(a!.username, c!.username));
  });

  it("refuses a second text under a name already taken", async () => {
    const db = suite.server.deps.db;
    await usersNamed.execute(db, { first: "x", second: "y" });
    const impostor = prepared<{ first: string }>()("test_users_named", (q, p) =>
      q.selectFrom("users").select("id").where("username", "=", p.first),
    );
    await expect(impostor.execute(db, { first: "x" })).rejects.toThrow("Two prepared statements are named test_users_named");
  });
});

import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { people } from "../../features/users/read-models.js";
import { publishedActs } from "../../features/scan/read-models.js";
import { buildOrganization, buildUsers } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { useTestServer } from "../../test/test-server.js";

/*
 * A read model (read-model.ts) is a subquery other features join instead of
 * the owner's table: it must give the rows the table gives, and PostgreSQL
 * must plan a join through it as it plans the join on the table (the
 * subquery folded in), so reading through a door costs nothing.
 */
describe("a published read model", () => {
  const suite = useTestServer("postgres");

  it("reads the rows the table holds, planned as the table's own join", async () => {
    const { db, auth } = suite.server.deps;
    const [user] = await buildUsers(db, auth, 1);
    const { physical } = await buildOrganization(db);
    expect((await new TestClient(suite.server.url, { cookie: user!.cookie }).post("/api/scans", physical)).status).toBe(201);

    const through = await db
      .selectFrom(publishedActs.from(db).as("a"))
      .innerJoin(people.from(db).as("u"), "u.id", "a.user_id")
      .select(["a.act_number", "u.username"])
      .where("u.id", "=", user!.id)
      .execute();
    const direct = await db
      .selectFrom("acts as a")
      .innerJoin("users as u", "u.id", "a.user_id")
      .select(["a.act_number", "u.username"])
      .where("u.id", "=", user!.id)
      .execute();
    expect(through).toEqual(direct);
    expect(through).toHaveLength(1);

    const plan = async (query: ReturnType<typeof sql>) =>
      (await sql<{ "QUERY PLAN": string }>`explain (costs off) ${query}`.execute(db)).rows
        // The plan names a table's alias only when the query gave it one: compare the steps, not the names.
        .map((row) => row["QUERY PLAN"].replace(/ on (\w+) \w+$/, " on $1"))
        .join("\n");
    const viaModels = await plan(
      sql`select a.act_number, u.username from ${publishedActs.sql} a join ${people.sql} u on u.id = a.user_id where u.id = ${user!.id}`,
    );
    const viaTables = await plan(
      sql`select a.act_number, u.username from acts a join users u on u.id = a.user_id where u.id = ${user!.id}`,
    );
    expect(viaModels).toBe(viaTables);
    expect(viaModels).not.toMatch(/Subquery Scan/);
  });
});

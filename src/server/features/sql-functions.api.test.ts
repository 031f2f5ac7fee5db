import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { FEATURES } from "../feature-list.js";
import { databaseTables, tablesWrittenBy } from "../test/source-files.js";
import { useTestServer } from "../test/test-server.js";

/*
 * The database's own functions are writers too (issue 63 §2): record_acts
 * writes the acts and their aggregates, trigger functions keep counts. This
 * test asks PostgreSQL for every function of the migrated schema (an
 * extension's left out) and its body, and holds each to the feature that
 * declares it (`sqlFunctions`): one owner per function, and a body that
 * writes only tables its owner owns.
 */
describe("the database's own functions", () => {
  const suite = useTestServer("postgres");

  it("each belong to one feature and write only that feature's tables", async () => {
    const { rows } = await sql<{ name: string; body: string }>`
      select p.proname as name, p.prosrc as body
      from pg_proc p
      where p.pronamespace = current_schema()::regnamespace and p.prokind = 'f'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by p.proname`.execute(suite.server.deps.db);
    const tables = databaseTables();
    const owners = new Map<string, string[]>();
    for (const feature of FEATURES) {
      for (const name of feature.sqlFunctions ?? []) owners.set(name, [...(owners.get(name) ?? []), feature.name]);
    }
    const found = new Set(rows.map((row) => row.name));
    const faults: string[] = [];
    for (const [name, features] of owners) {
      if (features.length > 1) faults.push(`${name} is declared by ${features.join(" and ")}`);
      if (!found.has(name)) faults.push(`${features.join(", ")} declares ${name}, which the database does not have`);
    }
    const writes: string[] = [];
    for (const { name, body } of rows) {
      const owner = owners.get(name)?.[0];
      if (!owner) {
        faults.push(`${name} is in the database, and no feature declares it`);
        continue;
      }
      const owned = FEATURES.find((feature) => feature.name === owner)!.tables;
      for (const table of tablesWrittenBy(body, tables)) {
        writes.push(`${name} → ${table}`);
        if (!owned.includes(table)) faults.push(`${name} (${owner}) writes ${table}, which ${owner} does not own`);
      }
    }
    console.log(`database functions: ${rows.length}; their writes: ${writes.join(", ")}`);
    // The reader is not blind: record_acts writes the acts, and a trigger keeps the member count.
    expect(writes).toEqual(expect.arrayContaining(["record_acts → acts", "user_count_follow → user_count"]));
    expect(faults).toEqual([]);
  });
});

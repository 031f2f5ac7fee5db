import path from "node:path";
import { sql } from "kysely";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl, useTestServer } from "../../test/test-server.js";
import { createTestDatabase } from "../../test/test-databases.js";
import { openDatabase } from "./client.js";
import { migrateTo } from "./migrate.js";

/**
 * schema.ts is written by hand (its column types are narrower than the
 * database's: a role is "business" | "official", not text), so this test is
 * what keeps it true: the migrated database and the TypeScript declaration
 * must name the same tables and columns, with the same nullability, the same
 * kind of value, and no column optional on insert that the database requires.
 * A migration that adds a column without schema.ts (or the reverse) fails here.
 */

type Kind = "string" | "number" | "boolean" | "Date" | "array" | "json" | "other";
interface Column {
  nullable: boolean;
  kind: Kind;
  /** Declared: may be left out of an insert. In the database: has a default (or is nullable). */
  optionalOnInsert: boolean;
}
type Tables = Map<string, Map<string, Column>>;

const SCHEMA_FILE = path.resolve("src/server/platform/db/schema.ts");
const PROBE_FILE = path.resolve("src/server/platform/db/__schema_probe__.ts");
// What kysely shows a query and asks of an insert, for every table of DB.
const PROBE = `
import type { Insertable, Selectable } from "kysely";
import type { DB } from "./schema.js";
export type Selected = { [T in keyof DB]: Selectable<DB[T]> };
export type Inserted = { [T in keyof DB]: Insertable<DB[T]> };
`;

function kindOf(checker: ts.TypeChecker, type: ts.Type): { nullable: boolean; kind: Kind } {
  const members = type.isUnion() ? type.types : [type];
  const nullable = members.some((member) => member.flags & ts.TypeFlags.Null);
  const kinds = new Set<Kind>(
    members
      .filter((member) => !(member.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)))
      .map((member): Kind => {
        if (member.flags & ts.TypeFlags.StringLike) return "string";
        if (member.flags & ts.TypeFlags.NumberLike) return "number";
        if (member.flags & ts.TypeFlags.BooleanLike) return "boolean";
        if (member.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return "json";
        if (checker.isArrayType(member)) return "array";
        if (member.getSymbol()?.getName() === "Date") return "Date";
        return "json";
      }),
  );
  if (kinds.size !== 1) return { nullable, kind: kinds.has("json") || kinds.has("array") ? "json" : "other" };
  return { nullable, kind: [...kinds][0]! };
}

/** The tables and columns schema.ts declares, read by the TypeScript compiler. */
function declaredTables(): Tables {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    // The ES2022 library alone: schema.ts needs no DOM, whose declarations were most of the compiler's work.
    lib: ["lib.es2022.d.ts"],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language) =>
    path.resolve(file) === PROBE_FILE ? ts.createSourceFile(file, PROBE, language) : getSourceFile(file, language);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (file) => path.resolve(file) === PROBE_FILE || fileExists(file);
  const program = ts.createProgram([PROBE_FILE, SCHEMA_FILE], options, host);
  const checker = program.getTypeChecker();
  const probe = checker.getSymbolAtLocation(program.getSourceFile(PROBE_FILE)!)!;
  const exported = (name: string) => checker.getDeclaredTypeOfSymbol(checker.getExportsOfModule(probe).find((s) => s.getName() === name)!);
  const selected = exported("Selected");
  const inserted = exported("Inserted");
  const tables: Tables = new Map();
  for (const table of selected.getProperties()) {
    const row = checker.getTypeOfSymbol(table);
    const insertRow = checker.getTypeOfSymbol(inserted.getProperty(table.getName())!);
    const columns = new Map<string, Column>();
    for (const column of row.getProperties()) {
      const insertColumn = insertRow.getProperty(column.getName());
      columns.set(column.getName(), {
        ...kindOf(checker, checker.getTypeOfSymbol(column)),
        optionalOnInsert: !insertColumn || Boolean(insertColumn.flags & ts.SymbolFlags.Optional),
      });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

const KIND_OF_TYPE: Record<string, Kind> = {
  text: "string",
  "character varying": "string",
  character: "string",
  uuid: "string",
  inet: "string",
  // Calendar days are read as 'YYYY-MM-DD' text (db/client.ts).
  date: "string",
  // A wall-clock time ('14:00:00'): pg has no parser for it, so it comes as text.
  "time without time zone": "string",
  integer: "number",
  smallint: "number",
  // Read as JS numbers (db/client.ts): Kindly's counters stay far below 2^53.
  bigint: "number",
  // pg reads numeric as exact decimal text.
  numeric: "string",
  "double precision": "number",
  real: "number",
  boolean: "boolean",
  "timestamp with time zone": "Date",
  "timestamp without time zone": "Date",
  jsonb: "json",
  json: "json",
  ARRAY: "array",
};

describe("schema.ts and the migrated database", () => {
  const suite = useTestServer("postgres");

  it("name the same tables and columns, each as nullable, of the same kind, and as optional on insert", async () => {
    const { rows } = await sql<{
      table_name: string;
      column_name: string;
      is_nullable: "YES" | "NO";
      data_type: string;
      column_default: string | null;
      is_identity: "YES" | "NO";
    }>`
      select c.table_name, c.column_name, c.is_nullable, c.data_type, c.column_default, c.is_identity
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.table_name not like 'kysely_%'
    `.execute(suite.server.deps.db);
    const migrated: Tables = new Map();
    for (const row of rows) {
      const columns = migrated.get(row.table_name) ?? new Map<string, Column>();
      columns.set(row.column_name, {
        nullable: row.is_nullable === "YES",
        kind: KIND_OF_TYPE[row.data_type] ?? "other",
        optionalOnInsert: row.column_default !== null || row.is_identity === "YES" || row.is_nullable === "YES",
      });
      migrated.set(row.table_name, columns);
    }
    const declared = declaredTables();
    expect(migrated.size).toBeGreaterThan(40);

    const differences: string[] = [];
    for (const table of new Set([...declared.keys(), ...migrated.keys()])) {
      const mine = declared.get(table);
      const theirs = migrated.get(table);
      if (!mine || !theirs) {
        differences.push(`${table}: ${mine ? "declared, not in the database" : "in the database, not declared"}`);
        continue;
      }
      for (const column of new Set([...mine.keys(), ...theirs.keys()])) {
        const a = mine.get(column);
        const b = theirs.get(column);
        if (!a || !b) {
          differences.push(`${table}.${column}: ${a ? "declared, not in the database" : "in the database, not declared"}`);
          continue;
        }
        if (a.nullable !== b.nullable) differences.push(`${table}.${column}: ${b.nullable ? "nullable" : "not null"} in the database`);
        if (a.kind !== b.kind && b.kind !== "json")
          differences.push(`${table}.${column}: declared ${a.kind}, the database holds ${b.kind}`);
        if (a.optionalOnInsert && !b.optionalOnInsert)
          differences.push(`${table}.${column}: optional on insert, but the database requires it`);
      }
    }
    expect(differences).toEqual([]);
  });
});

describe("the migrations", () => {
  it("each undo what they did: all the way down to an empty schema, and up again", async () => {
    const fresh = await createTestDatabase(testDatabaseUrl());
    const database = await openDatabase({ url: fresh.url, poolSize: 1 });
    const tables = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%'`.execute(
          database.db,
        )
      ).rows[0]!.n;
    const remaining = async () =>
      (
        await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' order by 1`.execute(
          database.db,
        )
      ).rows.map((row) => row.name);
    try {
      await migrateTo(database.db, database.schema, "latest");
      expect(await tables()).toBeGreaterThan(40);
      await migrateTo(database.db, database.schema, "none");
      expect(await remaining()).toEqual([]);
      await migrateTo(database.db, database.schema, "latest");
      expect(await tables()).toBeGreaterThan(40);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });
});

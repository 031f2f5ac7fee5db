import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from "kysely";
import { describe, expect, it } from "vitest";
import { countGroupBoards, groupMemberships, type GroupMemberships } from "./group-boards.js";

const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compileSql = (query: ReturnType<typeof groupMemberships>) => query.compile(compiler).sql;

const clubs: GroupMemberships = sql`select 'club' as scope, club_id as subject_id, user_id, since as from_at, until as until_at from clubs`;
const crews: GroupMemberships = sql`select 'crew' as scope, crew_id as subject_id, user_id, since as from_at, until as until_at from crews`;

describe("the groups' boards the engine counts", () => {
  it("are every relation a feature gave, in one, and refuse a change once the engine has read them", () => {
    countGroupBoards([clubs, crews]);
    countGroupBoards([clubs, crews]);
    const text = compileSql(groupMemberships());
    expect(text).toContain("from clubs");
    expect(text).toContain("union all");
    expect(text).toContain("from crews");
    expect(() => countGroupBoards([clubs])).toThrow(/at start/);
  });
});

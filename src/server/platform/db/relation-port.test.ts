import { sql, type RawBuilder } from "kysely";
import { describe, expect, it } from "vitest";
import { compiler } from "./prepared.js";
import { relationPort } from "./relation-port.js";

type Membership = { scope: string; subject_id: string };

const text = (query: RawBuilder<unknown>) => query.compile(compiler).sql;

const clubs = sql<Membership>`select club_id as subject_id, 'club' as scope from clubs`;
const crews = sql<Membership>`select 'crew' as scope, crew_id as subject_id from crews`;
const none = sql<Membership>`select null::text as scope, null::text as subject_id where false`;

describe("a relation port", () => {
  it("reads what it holds for none until it is given relations", () => {
    const port = relationPort("Memberships", ["scope", "subject_id"], none);
    expect(text(port.sql())).toContain("where false");
  });

  it("reads every relation given, as one, and refuses others once a statement was built from it", () => {
    const port = relationPort("Memberships", ["scope", "subject_id"], none);
    port.give([clubs, crews]);
    port.give([clubs, crews]);
    const read = text(port.sql());
    // Each relation's columns by name: a relation that lists them in another order still lines up.
    expect(read).toMatch(
      /select "given"\."scope", "given"\."subject_id" from \(select club_id as subject_id, 'club' as scope from clubs\) given union all/,
    );
    expect(read).toContain("from crews");
    expect(read).not.toContain("where false");
    expect(() => port.give([clubs])).toThrow(/Memberships was given after statements were built from it/);
  });
});

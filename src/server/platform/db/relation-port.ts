import { sql, type RawBuilder } from "kysely";

/**
 * A relation a feature reads from another it cannot import, because that one
 * reads it (the imports would go both ways, docs/design.md "Walls and
 * doors"): the reading feature declares the port, with the columns it reads
 * and what it reads while nobody gave it any; the app gives it the relations
 * once, at start (bootstrap.ts); every statement built afterwards reads them
 * (a prepared statement is built at its first run). Several relations given
 * read as one (union all).
 *
 * The acts engine counts the boards of the teams through one (teams read
 * the boards), the organisations' lists count the acts at each place
 * through another (the engine reads the places).
 */
export interface RelationPort<Row> {
  /** Gives the port its relations; the same ones again change nothing, others after a read are refused. */
  give(relations: RawBuilder<Row>[]): void;
  /** The relation, as a subquery to alias. */
  sql(): RawBuilder<Row>;
}

/**
 * `columns` are read by name from each relation given (so their order in a
 * relation does not matter); `none` has them, and no row.
 */
export function relationPort<Row>(name: string, columns: readonly (keyof Row & string)[], none: RawBuilder<Row>): RelationPort<Row> {
  let given: RawBuilder<Row>[] = [];
  // Set once a statement was built from the relations: a later change would not reach it.
  let read = false;
  return {
    give(relations) {
      const same = relations.length === given.length && relations.every((relation, index) => relation === given[index]);
      if (same) return;
      if (read) throw new Error(`${name} was given after statements were built from it: give it at start (bootstrap.ts)`);
      given = relations;
    },
    sql() {
      read = true;
      const parts = given.length === 0 ? [none] : given;
      return sql<Row>`(${sql.join(
        parts.map((relation) => sql`select ${sql.join(columns.map((column) => sql.ref(`given.${column}`)))} from (${relation}) given`),
        sql` union all `,
      )})`;
    },
  };
}

import { sql, type QueryCreator, type RawBuilder, type Selectable, type SelectQueryBuilder } from "kysely";
import type { DB } from "./schema.js";

/**
 * A table's published read model (docs/design.md, "Walls and doors"): the
 * columns its owning feature lets other features read, as a Kysely subquery
 * they alias like a table (`.innerJoin(userTotals.from(db).as("s"), …)`)
 * and as the same subquery for a sql`…` text (`join ${userTotals.sql} s on …`).
 * PostgreSQL folds such a subquery into the query around it, so reading
 * through it costs what reading the table cost.
 */
export interface ReadModel<T extends keyof DB, C extends keyof Selectable<DB[T]> & string> {
  readonly table: T;
  readonly columns: readonly C[];
  from(db: QueryCreator<DB>): SelectQueryBuilder<DB, T, Pick<Selectable<DB[T]>, C>>;
  readonly sql: RawBuilder<unknown>;
}

/** Publishes `columns` of `table` (the owner's read-models.ts calls it; other features only read through it). */
export function readModel<T extends keyof DB & string, C extends keyof Selectable<DB[T]> & string>(
  table: T,
  columns: readonly C[],
): ReadModel<T, C> {
  return {
    table,
    columns,
    // Kysely cannot follow a table chosen by a type parameter; the result type above says what the query selects.
    from: (db) => (db.selectFrom(table) as SelectQueryBuilder<DB, T, object>).select(columns as never) as never,
    sql: sql.raw(`(select ${columns.join(", ")} from ${table})`),
  };
}

import {
  CompiledQuery,
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type Compilable,
  type QueryResult,
  type RawBuilder,
} from "kysely";
import pg from "pg";
import type { DB } from "./schema.js";

/**
 * Prepared statements for the hot path (docs/design.md, "The scan's cost").
 *
 * A query of a fixed shape is built once with Kysely, as any other, and then
 * sent as a *named* statement: PostgreSQL parses and plans it once per
 * connection instead of on every call, and no query builder runs per call.
 * Parameters are written as `params.name` in the builder; each call gives
 * their values.
 *
 *     const lockUser = prepared<{ userId: string }>()("scan_lock_user", (db, params) =>
 *       db.selectFrom("users").select("id").where("id", "=", params.userId).forNoKeyUpdate());
 *     await lockUser.execute(trx, { userId });
 *
 * Only fixed shapes belong here: a list of varying length (`in (…)`, a
 * multi-row insert) would make a new statement per length. PostgreSQL keeps
 * each named statement for the connection's life, re-planning it by itself
 * when a table it reads changes.
 */

/** Statement names by their text: what `NamedStatementClient` sends as named. */
const namesByText = new Map<string, string>();
const textsByName = new Map<string, string>();

/**
 * The pool's client: a query whose text was prepared here goes out as a
 * named statement (pg then skips Parse once the connection has it); any
 * other query as before.
 */
export class NamedStatementClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection lost while a request holds it (between two statements of a
    // transaction): the statement in flight fails on its own, and the pool
    // discards the client when it is released. Without a listener, the
    // 'error' event would end the process.
    this.on("error", () => undefined);
  }

  // pg's overloads are many; this one is the form Kysely calls (text, values).
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === "string" ? namesByText.get(text) : undefined;
    const forward = super.query as (...inner: unknown[]) => never;
    if (name !== undefined && args.length <= 2) return forward.call(this, { name, text, values });
    return forward.apply(this, args);
  }
}

/**
 * The pool behind a database's root Kysely: a prepared query run on it (not
 * in a transaction, whose connection only Kysely knows) skips Kysely's
 * executor, which cost more than the query's own client work on the scan's
 * path. `observe` keeps the query-duration metric whole.
 */
const directPools = new WeakMap<Kysely<DB>, { pool: pg.Pool; observe: (milliseconds: number) => void }>();

export function sendPreparedThrough(db: Kysely<DB>, pool: pg.Pool, observe: (milliseconds: number) => void): void {
  directPools.set(db, { pool, observe });
}

/** A Kysely that only compiles (never connects): prepared queries are built with it once (and tests read what a builder writes). */
export const compiler = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

const MARKER = "\u0000kindly-param:";

export interface PreparedQuery<P, R> {
  readonly name: string;
  execute(db: Kysely<DB>, params: P): Promise<QueryResult<R>>;
}

/**
 * `prepared<Params>()(name, build)`: `build` receives a compile-only Kysely
 * and stand-ins for the parameters, and returns the query. (Two calls, so
 * the result row type is inferred while the parameters are named.)
 */
export function prepared<P extends Record<string, unknown>>() {
  return <R>(name: string, build: (db: Kysely<DB>, params: P) => Compilable<R> | RawBuilder<R>): PreparedQuery<P, R> => {
    let compiled: { sql: string; parameters: ({ param: keyof P } | { fixed: unknown })[] } | undefined;
    const compile = () => {
      const stand = new Proxy({} as P, { get: (_, key) => `${MARKER}${String(key)}` });
      const built = build(compiler, stand);
      // A builder compiles by itself; a sql`` template needs to be told the dialect.
      const query = "isRawBuilder" in built ? built.compile(compiler) : built.compile();
      const known = textsByName.get(name);
      if (known !== undefined && known !== query.sql) throw new Error(`Two prepared statements are named ${name}`);
      namesByText.set(query.sql, name);
      textsByName.set(name, query.sql);
      return {
        sql: query.sql,
        parameters: query.parameters.map((value) =>
          typeof value === "string" && value.startsWith(MARKER) ? { param: value.slice(MARKER.length) as keyof P } : { fixed: value },
        ),
      };
    };
    return {
      name,
      async execute(db, params) {
        compiled ??= compile();
        const values = compiled.parameters.map((slot) => ("param" in slot ? params[slot.param] : slot.fixed));
        const direct = directPools.get(db);
        if (!direct) return db.executeQuery<R>(CompiledQuery.raw(compiled.sql, values));
        const started = performance.now();
        try {
          const { rows } = await direct.pool.query({ name, text: compiled.sql, values });
          return { rows: rows as R[] };
        } finally {
          direct.observe(performance.now() - started);
        }
      },
    };
  };
}

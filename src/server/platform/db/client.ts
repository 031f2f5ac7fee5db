import { Kysely, PostgresDialect, sql, type Dialect } from "kysely";
import type { DB } from "./schema.js";
import { NamedStatementClient, sendPreparedThrough } from "./prepared.js";

/** "embedded": Kindly's own PostgreSQL server in DATA_DIR; "postgres": one at DATABASE_URL. */
export type DatabaseDriver = "embedded" | "postgres";

export interface Database {
  db: Kysely<DB>;
  /** A streaming replica for public reads (DATABASE_READ_URL), or null. */
  replica: Kysely<DB> | null;
  driver: DatabaseDriver;
  /** The schema Kindly's tables live in ("public" unless DatabaseOptions.schema chose another). */
  schema: string;
  /** The NOTIFY channel of this database (one per schema, so test schemas never hear each other). */
  eventsChannel: string;
  /**
   * Calls `onMessage` with each NOTIFY payload on `channel` (default: the
   * events channel), from any process; `onConnected` after every (re)connection,
   * since notifications sent while the connection was down are lost.
   */
  listen(onMessage: (payload: string) => void, options?: { channel?: string; onConnected?: () => void }): Promise<() => Promise<void>>;
  /** The primary's pool: connections open, idle, and requests waiting for one (for /metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** Calls `observer` with each statement's duration in milliseconds (for /metrics). */
  observeQueries(observer: (milliseconds: number) => void): void;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string. */
  url: string;
  /** A streaming replica of `url`, for public reads. */
  readUrl?: string;
  /** Which server `url` is (shown on the status page). */
  driver?: DatabaseDriver;
  /** Run when the database is closed, after its pools (the embedded server's shutdown). */
  onClose?: () => Promise<void>;
  /** Schema to work in on PostgreSQL (tests use a fresh one per run). */
  schema?: string;
  poolSize?: number;
}

/** Kindly's database: Kysely over a `pg` pool, a replica when configured, and LISTEN/NOTIFY. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const eventsChannel = options.schema ? `kindly_events_${options.schema}` : "kindly_events";
  const primary = await postgresDialect(options.url, options);
  const observers: ((milliseconds: number) => void)[] = [];
  const observe = (milliseconds: number) => {
    for (const observer of observers) observer(milliseconds);
  };
  const db = new Kysely<DB>({
    dialect: primary.dialect,
    log: (event) => {
      if (event.level === "query") observe(event.queryDurationMillis);
    },
  });
  // Prepared queries on `db` itself (not in a transaction) go straight to the pool.
  sendPreparedThrough(db, primary.pool, observe);
  const replica = options.readUrl ? new Kysely<DB>({ dialect: (await postgresDialect(options.readUrl, options)).dialect }) : null;
  const listen: Database["listen"] = (onMessage, listenOptions = {}) =>
    listenOnPostgres(options.url, listenOptions.channel ?? eventsChannel, onMessage, listenOptions.onConnected);
  const close = async () => {
    await Promise.all([db.destroy(), replica?.destroy()]);
    await options.onClose?.();
  };
  return {
    db,
    replica,
    driver: options.driver ?? "postgres",
    schema: options.schema ?? "public",
    eventsChannel,
    listen,
    poolStats: () => ({ total: primary.pool.totalCount, idle: primary.pool.idleCount, waiting: primary.pool.waitingCount }),
    observeQueries: (observer) => void observers.push(observer),
    close,
  };
}

/**
 * A dedicated connection that LISTENs, reconnecting after a drop so that a
 * restarted PostgreSQL does not silence live updates for good.
 */
async function listenOnPostgres(url: string, channel: string, onMessage: (payload: string) => void, onConnected?: () => void) {
  const { default: pg } = await import("pg");
  let client: InstanceType<typeof pg.Client> | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onMessage(message.payload);
    });
    next.on("error", () => {
      void next.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
    });
    await next.connect();
    await next.query(`listen "${channel}"`);
    client = next;
    onConnected?.();
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

async function postgresDialect(url: string, options: DatabaseOptions): Promise<{ dialect: Dialect; pool: import("pg").Pool }> {
  const { default: pg } = await import("pg");
  // Return bigint counts as JS numbers; Kindly's counters stay far below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  // Calendar days stay 'YYYY-MM-DD' text: a Date would shift them by the server's time zone.
  pg.types.setTypeParser(1082, (value) => value);
  const pool = new pg.Pool({
    // Sends the hot path's prepared queries as named statements (prepared.ts).
    Client: NamedStatementClient,
    connectionString: url,
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
  });
  return { dialect: new PostgresDialect({ pool }), pool };
}

export async function databaseIsUp(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

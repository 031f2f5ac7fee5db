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
  listen(onMessage: (payload: string) => void, options?: ListenOptions): Promise<() => Promise<void>>;
  /** The primary's pool: connections open, idle, and requests waiting for one (for /metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  /** How many times Kindly started its embedded server again after it stopped by itself (0 for DATABASE_URL). */
  embeddedRestarts(): number;
  /** Calls `observer` with each statement's duration in milliseconds (for /metrics). */
  observeQueries(observer: (milliseconds: number) => void): void;
  close(): Promise<void>;
}

export interface ListenOptions {
  channel?: string;
  /** After every (re)connection: notifications sent while it was down are lost. */
  onConnected?: () => void;
  /** When the connection is lost (a new one is being made). */
  onDropped?: () => void;
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
  /** The embedded server's supervisor's count of restarts. */
  embeddedRestarts?: () => number;
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
    listenOnPostgres(options.url, listenOptions.channel ?? eventsChannel, onMessage, listenOptions);
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
    embeddedRestarts: options.embeddedRestarts ?? (() => 0),
    observeQueries: (observer) => void observers.push(observer),
    close,
  };
}

/**
 * A dedicated connection that LISTENs. A dropped connection (a restarted or
 * failed-over PostgreSQL, a terminated backend) is replaced, trying again with
 * a growing pause while the server is away, so live events never fall silent
 * for good; `onConnected` runs after each (re)connection, since notifications
 * sent meanwhile are lost.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  { onConnected, onDropped }: ListenOptions,
) {
  const { default: pg } = await import("pg");
  let client: InstanceType<typeof pg.Client> | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, application_name: applicationName("kindly-listen") });
    next.on("notification", (message) => {
      if (message.channel === channel && message.payload) onMessage(message.payload);
    });
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      void next.end().catch(() => undefined);
      if (client === next) client = undefined;
      if (stopped) return;
      onDropped?.();
      reconnectSoon(100);
    };
    // An 'error' without a listener would end the process.
    next.on("error", drop);
    next.on("end", drop);
    try {
      await next.connect();
      await next.query(`listen "${channel}"`);
    } catch (error) {
      dropped = true;
      void next.end().catch(() => undefined);
      throw error;
    }
    client = next;
    onConnected?.();
  };
  const reconnectSoon = (pauseMs: number) => {
    clearTimeout(retry);
    retry = setTimeout(() => {
      if (stopped) return;
      // At most a second apart: a database back from a restart has its listeners again within one.
      connect().catch(() => reconnectSoon(Math.min(pauseMs * 2, 1000)));
    }, pauseMs);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
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
    application_name: applicationName("kindly"),
    max: options.poolSize ?? 10,
    options: options.schema ? `-c search_path=${options.schema}` : undefined,
    // A server that is away answers quickly "unavailable" rather than holding requests.
    connectionTimeoutMillis: 5000,
  });
  // An idle connection the server dropped (terminated, restarted, crashed):
  // the pool has already discarded it and opens a new one when next asked.
  // Without a listener, the 'error' event would end the process.
  pool.on("error", () => undefined);
  return { dialect: new PostgresDialect({ pool }), pool };
}

/**
 * How an operator (and the fault tests) tell Kindly's connections apart in
 * pg_stat_activity; one the operator chose (PGAPPNAME, or application_name in
 * the URL, which pg prefers anyway) wins.
 */
function applicationName(fallback: string): string {
  return process.env.PGAPPNAME || fallback;
}

export async function databaseIsUp(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

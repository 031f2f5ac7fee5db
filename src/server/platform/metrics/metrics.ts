import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { AppError } from "../../kernel/app-error.js";
import type { Mailer } from "../mail/mailer.js";

/**
 * What an operator watches, in Prometheus' text format at GET /metrics
 * (metrics-routes.ts). One registry per app, not prom-client's global one, so
 * the test suite's many servers in one process each count their own.
 * prom-client's default metrics add event-loop lag, memory, CPU and handles.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"method" | "route" | "status">;
  httpDuration: Histogram<"method" | "route" | "status">;
  scansRecorded: Counter;
  scansRefused: Counter<"reason">;
  numberingBatchSize: Histogram;
  /** From an act's commit to its number, per act. */
  numberingLag: Histogram;
  queryDuration: Histogram;
  mailSent: Counter<"result">;
  /** Sources read at each scrape: the pool and the live streams. */
  watch(sources: {
    pool?: () => { total: number; idle: number; waiting: number };
    liveStreams?: () => number;
    embeddedRestarts?: () => number;
    /** Free bytes where Kindly writes, by store ("data", "uploads"); null for a store that is not a local folder. */
    freeDisk?: () => Promise<Record<string, number | null>>;
  }): void;
}

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "kindly_" });
  const sources: Parameters<Metrics["watch"]>[0] = {};
  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: "kindly_http_requests_total",
      help: "HTTP requests answered, by route template and status.",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: "kindly_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route template and status.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    scansRecorded: new Counter({ name: "kindly_scans_recorded_total", help: "Scans recorded as acts.", registers: [registry] }),
    scansRefused: new Counter({
      name: "kindly_scans_refused_total",
      help: "Scans refused, by the reason given to the person.",
      labelNames: ["reason"],
      registers: [registry],
    }),
    numberingBatchSize: new Histogram({
      name: "kindly_numbering_batch_size",
      help: "Acts numbered per numbering batch.",
      buckets: [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000],
      registers: [registry],
    }),
    numberingLag: new Histogram({
      name: "kindly_numbering_lag_seconds",
      help: "From an act's commit to its number.",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers: [registry],
    }),
    queryDuration: new Histogram({
      name: "kindly_db_query_duration_seconds",
      help: "Database statements, from sending to the last row.",
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    mailSent: new Counter({
      name: "kindly_mail_total",
      help: "Emails handed to the transport, by result (sent or failed).",
      labelNames: ["result"],
      registers: [registry],
    }),
    watch(next) {
      Object.assign(sources, next);
    },
  };
  new Gauge({
    name: "kindly_db_pool_connections",
    help: "Connections of the database pool, by state (in use, idle, and requests waiting for one).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const pool = sources.pool?.();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  new Gauge({
    name: "kindly_live_streams_open",
    help: "Live event streams (GET /api/events) open now.",
    registers: [registry],
    collect() {
      this.set(sources.liveStreams?.() ?? 0);
    },
  });
  new Counter({
    name: "kindly_embedded_postgres_restarts_total",
    help: "Times Kindly started its embedded PostgreSQL again after it stopped by itself (a kill, a full disk).",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(sources.embeddedRestarts?.() ?? 0);
    },
  });
  new Gauge({
    name: "kindly_disk_free_bytes",
    help: "Free space, in bytes, of the folders Kindly writes to: its data folder (the embedded database) and the upload store.",
    labelNames: ["store"],
    registers: [registry],
    async collect() {
      const free = (await sources.freeDisk?.()) ?? {};
      for (const [store, bytes] of Object.entries(free)) if (bytes !== null) this.set({ store }, bytes);
    },
  });
  return metrics;
}

/**
 * A scan (or a claimed one) counted as recorded or refused by its reason;
 * `isNew` tells a recorded act from a replay that recorded nothing.
 */
export async function countedScan<T>(metrics: Metrics, scan: Promise<T>, isNew: (outcome: T) => boolean = () => true): Promise<T> {
  try {
    const outcome = await scan;
    if (isNew(outcome)) metrics.scansRecorded.inc();
    return outcome;
  } catch (error) {
    metrics.scansRefused.inc({ reason: error instanceof AppError ? error.code : "error" });
    throw error;
  }
}

/** Every email's outcome counted; the send itself is unchanged. */
export function withMailMetrics(mailer: Mailer, metrics: Metrics): Mailer {
  return {
    async send(message) {
      try {
        await mailer.send(message);
      } catch (error) {
        metrics.mailSent.inc({ result: "failed" });
        throw error;
      }
      metrics.mailSent.inc({ result: "sent" });
    },
  };
}

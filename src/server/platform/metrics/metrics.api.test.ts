import { describe, expect, it } from "vitest";
import { backgroundSettled } from "../../http/after-response.js";
import { buildOrganization, buildUsers, signedInUser } from "../../test/factories.js";
import { TestClient } from "../../test/http-client.js";
import { useTestServer } from "../../test/test-server.js";

const TOKEN = "metrics-token-for-the-test-only";

/** One sample's value from Prometheus' text format (0 when the series is absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text
    .split("\n")
    .find((row) => (row.startsWith(`${name}{`) || row.startsWith(`${name} `) ? wanted.every((label) => row.includes(label)) : false));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}

describe("GET /metrics", () => {
  const suite = useTestServer("postgres", { env: { METRICS_TOKEN: TOKEN } });
  const scrape = async () => {
    const res = await suite.client.get("/metrics");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    return res.text;
  };

  it("counts requests, scans recorded and refused, numbering, the pool, queries, mail and live streams", async () => {
    const before = await scrape();
    const [person] = await buildUsers(suite.server.deps.db, suite.server.deps.auth, 1);
    const { virtual } = await buildOrganization(suite.server.deps.db, { locations: 1 });
    const place = virtual[0]!;
    const client = new TestClient(suite.server.url, { cookie: person!.cookie });
    expect((await client.post("/api/scans", { ...place.code, ...place.at })).status).toBe(201);
    // The same place twice in a day is refused, with its reason.
    const refused = await client.post("/api/scans", { ...place.code, ...place.at });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const reason = refused.body.error.code as string;
    await signedInUser(suite.server);
    await backgroundSettled();
    expect((await client.get("/api/no-such-route-zz9")).status).toBe(404);
    const stream = new AbortController();
    const events = await fetch(`${suite.server.url}/api/events`, { signal: stream.signal });
    expect(events.status).toBe(200);

    try {
      const after = await scrape();
      expect(sample(after, "kindly_scans_recorded_total")).toBe(sample(before, "kindly_scans_recorded_total") + 1);
      expect(sample(after, "kindly_scans_refused_total", { reason })).toBe(sample(before, "kindly_scans_refused_total", { reason }) + 1);
      const scansAnswered = { method: "POST", route: "/api/scans", status: "201" };
      expect(sample(after, "kindly_http_requests_total", scansAnswered)).toBe(
        sample(before, "kindly_http_requests_total", scansAnswered) + 1,
      );
      expect(sample(after, "kindly_http_request_duration_seconds_count", scansAnswered)).toBeGreaterThan(0);
      expect(sample(after, "kindly_numbering_batch_size_count")).toBeGreaterThan(sample(before, "kindly_numbering_batch_size_count"));
      expect(sample(after, "kindly_numbering_lag_seconds_count")).toBeGreaterThan(sample(before, "kindly_numbering_lag_seconds_count"));
      expect(sample(after, "kindly_db_query_duration_seconds_count")).toBeGreaterThan(
        sample(before, "kindly_db_query_duration_seconds_count"),
      );
      expect(sample(after, "kindly_mail_total", { result: "sent" })).toBeGreaterThan(
        sample(before, "kindly_mail_total", { result: "sent" }),
      );
      expect(sample(after, "kindly_live_streams_open")).toBe(1);
      expect(after).toMatch(/^kindly_db_pool_connections\{state="idle"\} \d+$/m);
      expect(after).toMatch(/^kindly_db_pool_connections\{state="waiting"\} 0$/m);
      expect(sample(after, "kindly_nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect(sample(after, "kindly_process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
      // Routes are labelled by template, never by the raw address a client chose.
      expect(after).not.toContain("no-such-route-zz9");
      expect(sample(after, "kindly_http_requests_total", { route: "unmatched", status: "404" })).toBeGreaterThan(0);
    } finally {
      stream.abort();
    }
  });

  it("is never public: through a proxy or from elsewhere it needs the bearer token", async () => {
    const proxied = { "x-forwarded-for": "203.0.113.9" };
    expect((await suite.client.get("/metrics", proxied)).status).toBe(404);
    expect((await suite.client.get("/metrics", { ...proxied, authorization: "Bearer not-the-token-at-all-no" })).status).toBe(404);
    const withToken = await suite.client.get("/metrics", { ...proxied, authorization: `Bearer ${TOKEN}` });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain("kindly_http_requests_total");
  });
});

describe("GET /metrics behind a proxy (TRUST_PROXY set)", () => {
  const suite = useTestServer("postgres", { env: { METRICS_TOKEN: TOKEN, TRUST_PROXY: "1" } });

  it("opens only with the bearer token, even to a loopback connection with no forwarding header", async () => {
    // A proxy on this machine that sends none of the usual headers: every visitor would look like this.
    for (const headers of [{}, { via: "1.1 haproxy" }, { "x-forwarded-for": "127.0.0.1" }] as Record<string, string>[]) {
      expect((await suite.client.get("/metrics", headers)).status).toBe(404);
    }
    expect((await suite.client.get("/metrics", { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    // The development routes are closed the same way.
    expect((await suite.client.get("/api/dev/mail")).status).toBe(404);
  });
});

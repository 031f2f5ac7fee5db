import { writeFileSync } from "node:fs";
import path from "node:path";

/**
 * The reference HAProxy configuration (docs/operations.md, "Deployment"):
 * round robin over the nodes, each health-checked on /api/health/ready every
 * half second (out after 2 failures, back after 2 successes); a request that
 * could not reach a node is sent to another; HAProxy's own errors (no node
 * ready, a node that died mid-answer) are said in Kindly's error shape with
 * Retry-After, so the app retries them like Kindly's own 503 (HAProxy knows no
 * language, so its message is in both; the words are server.json's service_unavailable).
 */
export function haproxyConfig(options: { folder: string; port: number; nodes: number[] }): string {
  const body = JSON.stringify({
    error: {
      code: "service_unavailable",
      message: "Kindly is restarting. Please try again in a few seconds. / Kindly redémarre. Veuillez réessayer dans quelques secondes.",
      retryAfterSeconds: 5,
    },
  });
  for (const code of [502, 503, 504]) {
    writeFileSync(
      path.join(options.folder, `${code}.http`),
      `HTTP/1.1 ${code} Service Unavailable\r\ncontent-type: application/json; charset=utf-8\r\nretry-after: 5\r\ncache-control: no-store\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  return [
    "global",
    "  maxconn 2000",
    "defaults",
    "  mode http",
    "  timeout connect 2s",
    "  timeout client 60s",
    // Live event streams stay open: their heartbeat comes every 25 s.
    "  timeout server 60s",
    "  timeout tunnel 1h",
    "  retries 3",
    "  option redispatch",
    "  option forwardfor",
    ...[502, 503, 504].map((code) => `  errorfile ${code} ${path.join(options.folder, `${code}.http`)}`),
    "frontend kindly",
    `  bind 127.0.0.1:${options.port}`,
    "  default_backend nodes",
    "backend nodes",
    "  balance roundrobin",
    "  option httpchk GET /api/health/ready",
    "  http-check expect status 200",
    "  default-server inter 500ms fall 2 rise 2",
    ...options.nodes.map((port, i) => `  server node${i + 1} 127.0.0.1:${port} check`),
    "",
  ].join("\n");
}

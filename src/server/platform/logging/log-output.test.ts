import { PassThrough } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { logFormat, prettyLogStream } from "./log-output.js";

describe("log output", () => {
  it("writes human lines in a terminal and JSON elsewhere or in production, unless LOG_FORMAT says", () => {
    expect(logFormat(undefined, "development", true)).toBe("pretty");
    expect(logFormat(undefined, "development", false)).toBe("json");
    expect(logFormat(undefined, "production", true)).toBe("json");
    expect(logFormat("json", "development", true)).toBe("json");
    expect(logFormat("pretty", "production", false)).toBe("pretty");
  });

  it("makes a log line one short human line: time, level, message, without the request's details", async () => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (chunk: Buffer) => void (text += chunk.toString()));
    const log = pino({ level: "info" }, prettyLogStream(false, out));
    log.warn({ reqId: "req-1", method: "GET", path: "/api/acts", statusCode: 200, ms: 1200 }, "slow request GET /api/acts 200 1200 ms");
    await new Promise((resolve) => setImmediate(resolve));
    expect(text).toMatch(/^\[\d\d:\d\d:\d\d\] WARN: slow request GET \/api\/acts 200 1200 ms/);
    expect(text.trim().split("\n")).toHaveLength(1);
    expect(text).not.toContain("req-1");
    expect(text).not.toMatch(/^\{/);
  });
});

import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { MAX_UNSENT_BYTES, writeOrDrop } from "./live-routes.js";
import { StreamSlots } from "./stream-slots.js";

describe("a live stream whose reader stops reading", () => {
  it("is ended once what waits to go out passes the limit, instead of buffering every act for it", () => {
    // A socket whose peer never reads: nothing written ever leaves.
    const stalled = new Writable({ highWaterMark: 1024, write: () => undefined });
    const event = `event: acts\ndata: ${"x".repeat(300)}\n\n`;
    let written = 0;
    while (writeOrDrop(stalled, event)) written++;
    expect(stalled.destroyed).toBe(true);
    expect(written * event.length).toBeGreaterThan(MAX_UNSENT_BYTES);
    expect(written * event.length).toBeLessThan(MAX_UNSENT_BYTES + 2 * event.length);
  });

  it("keeps a reader that keeps up", () => {
    const reading = new Writable({ write: (_chunk, _encoding, done) => done() });
    for (let i = 0; i < 10_000; i++) expect(writeOrDrop(reading, "event: acts\ndata: {}\n\n")).toBe(true);
    expect(reading.destroyed).toBe(false);
  });
});

describe("stream slots", () => {
  it("refuses past any cap, takes nothing when refusing, and gives a slot back only once", () => {
    const slots = new StreamSlots({ total: 3, perKey: (key) => (key.startsWith("user:") ? 1 : 2) });
    const first = slots.take(["address:a", "user:1"])!;
    expect(slots.take(["address:a", "user:1"])).toBeNull();
    const second = slots.take(["address:a"])!;
    expect(slots.take(["address:a"])).toBeNull();
    expect(slots.take(["address:b"])).not.toBeNull();
    expect(slots.take(["address:c"])).toBeNull();
    first();
    first();
    expect(slots.open).toBe(2);
    expect(slots.take(["address:a", "user:1"])).not.toBeNull();
    second();
    expect(slots.open).toBe(2);
  });
});

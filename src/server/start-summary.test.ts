import { describe, expect, it } from "vitest";
import { boxed, createStartupSteps } from "../../scripts/startup-steps.mjs";
import { startSummary } from "./start-summary.js";

const config = { APP_URL: "http://localhost:3000", DATA_DIR: "data", devOutbox: true };

describe("what npm start prints", () => {
  it("says each step as it begins and its duration when it ends, even when a line came in between", async () => {
    let out = "";
    const steps = createStartupSteps((text) => void (out += text));
    await steps.step("Building the web app (first run)", async () => undefined);
    await steps.step("Creating the database (first run)", async () => steps.line('Created the system user "postgres"'));
    steps.line("done");
    expect(out).toMatch(/^Building the web app \(first run\)… \d+\.\d s\n/);
    // The interrupted step ends its line, and its duration comes named on a line of its own.
    expect(out).toMatch(
      /\nCreating the database \(first run\)… \nCreated the system user "postgres"\nCreating the database \(first run\): \d+\.\d s\ndone\n$/,
    );
  });

  it("frames the summary, the demo links said to work signed out, and the official password once, last", () => {
    const lines = startSummary({
      config,
      database: "embedded",
      links: [
        { type: "physical", path: "/scan-qr?org=KND-1&type=physical", short: "abc" },
        { type: "virtual", path: "/scan-qr?org=KND-2&type=virtual", short: "def", near: { radiusMeters: 100, lat: 45.5, lon: -73.6 } },
        { type: "portable", path: "/scan-qr?org=KND-3&type=portable&card=1" },
      ],
      workplace: { code: "KIND-1234", employer: "Demo employer" },
      official: { email: "official@kindly.local", password: "s3cret-once" },
    });
    const text = boxed(lines);
    const rows = text.split("\n");
    expect(rows[0]).toMatch(/^┌─+┐$/);
    expect(rows.at(-1)).toMatch(/^└─+┘$/);
    expect(new Set(rows.map((row) => [...row].length)).size).toBe(1);
    expect(text).toContain("Kindly is running at http://localhost:3000");
    expect(text).toContain("signed out too");
    expect(text).not.toContain("sign in first");
    expect(text).toContain("http://localhost:3000/c/def");
    // A link with no short code is printed whole.
    expect(text).toContain("http://localhost:3000/scan-qr?org=KND-3&type=portable&card=1");
    expect(text).toContain("within 100 m of 45.5, -73.6");
    expect(text).toContain("KIND-1234");
    expect(text.split("s3cret-once")).toHaveLength(2);
    expect(lines.findIndex((line) => line.includes("s3cret-once"))).toBeGreaterThan(lines.findIndex((line) => line.includes("/c/def")));
  });

  it("prints no password on a later start", () => {
    const text = startSummary({ config, database: "postgres", links: [], workplace: null, official: null }).join("\n");
    expect(text).toContain("PostgreSQL (DATABASE_URL)");
    expect(text).not.toMatch(/password|Official/);
  });
});

import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("has working defaults for the embedded mode", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      APP_URL: "http://localhost:3000",
      devOutbox: true,
      RATE_LIMIT_SCALE: 1,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ AUTH_SECRET: "short" }, "AUTH_SECRET"],
    [{ NODE_ENV: "production" }, "SMTP_URL"],
    // The translators' preview never reaches users.
    [{ NODE_ENV: "production", SMTP_URL: "smtp://localhost:2525", PSEUDO_LOCALE: "1" }, "PSEUDO_LOCALE"],
    // Nor does the test clock.
    [{ NODE_ENV: "production", SMTP_URL: "smtp://localhost:2525", KINDLY_TEST_CLOCK: "1" }, "KINDLY_TEST_CLOCK"],
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ MAP_TILE_URL: "https://tiles.example/map.png" }, "MAP_TILE_URL"],
    // The README says so: a bearer token of at least 16 characters.
    [{ METRICS_TOKEN: "fifteen-chars-x" }, "METRICS_TOKEN"],
  ])("stops on %j, naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}:`));
  });

  it("trusts only the proxy hops or addresses it is given, never any forwarded address", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 127.0.0.1,::1" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "127.0.0.1", "::1"]);
    for (const bad of ["10.0.0.0/33", "proxy.example", "99"]) expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY/);
  });

  it("turns the outbox off when SMTP is configured", () => {
    expect(loadConfig({ SMTP_URL: "smtp://localhost:2525" }).devOutbox).toBe(false);
  });
});

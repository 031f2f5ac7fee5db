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
    [{ TRUST_PROXY: "maybe" }, "TRUST_PROXY"],
    [{ MAP_TILE_URL: "https://tiles.example/map.png" }, "MAP_TILE_URL"],
  ])("stops on %j, naming %s", (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration:\\n  ${variable}:`));
  });

  it("turns the outbox off when SMTP is configured", () => {
    expect(loadConfig({ SMTP_URL: "smtp://localhost:2525" }).devOutbox).toBe(false);
  });
});

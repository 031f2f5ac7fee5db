import { scryptSync } from "node:crypto";
import { hashPassword as betterAuthHash, verifyPassword as betterAuthVerify } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_PASSWORD_HASH_COST, loadConfig } from "../../config.js";
import { passwordHashing } from "./password-hashing.js";

describe("password hashing", () => {
  it("at Kindly's cost is better-auth's own scrypt: N = 2^14, r = 16, p = 1, a 64-byte key, both ways", async () => {
    const ours = passwordHashing();
    const hash = await ours.hash("Sentier de la Gaspésie 42");
    const [salt, key] = hash.split(":");
    expect(salt).toMatch(/^[0-9a-f]{32}$/);
    // Recomputed here with the parameters written out, not through the module.
    expect(key).toBe(
      scryptSync("Sentier de la Gaspésie 42", salt!, 64, { N: 16384, r: 16, p: 1, maxmem: 64 * 1024 * 1024 }).toString("hex"),
    );
    // Accounts made before this module, and better-auth reading ours.
    expect(await betterAuthVerify({ hash, password: "Sentier de la Gaspésie 42" })).toBe(true);
    expect(await ours.verify({ hash: await betterAuthHash("mot de passe"), password: "mot de passe" })).toBe(true);
  });

  it("writes any other cost in the hash, and verifies each hash at its own cost whatever the server is set to", async () => {
    const cheap = passwordHashing(10);
    const hash = await cheap.hash("correct horse");
    expect(hash).toMatch(/^c10\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    const key = hash.slice(hash.indexOf(":") + 1);
    expect(key).toBe(scryptSync("correct horse", hash.slice(4, 36), 64, { N: 1024, r: 16, p: 1 }).toString("hex"));
    expect(await passwordHashing().verify({ hash, password: "correct horse" })).toBe(true);
    expect(await cheap.verify({ hash: await passwordHashing().hash("correct horse"), password: "correct horse" })).toBe(true);
  });

  it("refuses a wrong password, and a value that is not a hash", async () => {
    const hashing = passwordHashing(10);
    const hash = await hashing.hash("le bon");
    expect(await hashing.verify({ hash, password: "le mauvais" })).toBe(false);
    expect(await hashing.verify({ hash, password: "Le bon" })).toBe(false);
    // The same characters written differently (NFC and NFD) are the same password.
    expect(await hashing.verify({ hash: await hashing.hash("café"), password: "cafe\u0301" })).toBe(true);
    for (const notAHash of ["", "abc", "c10$abc", "c9$00:00", "c21$00:00", "00:zz"]) {
      await expect(hashing.verify({ hash: notAHash, password: "le bon" })).rejects.toThrow("Not a password hash");
    }
  });

  it("costs 2^14 unless set, and never less in production", () => {
    expect(loadConfig({}).PASSWORD_HASH_COST).toBe(DEFAULT_PASSWORD_HASH_COST);
    expect(DEFAULT_PASSWORD_HASH_COST).toBe(14);
    expect(loadConfig({ PASSWORD_HASH_COST: "10" }).PASSWORD_HASH_COST).toBe(10);
    expect(() => loadConfig({ PASSWORD_HASH_COST: "9" })).toThrow("PASSWORD_HASH_COST");
    const production = { NODE_ENV: "production", SMTP_URL: "smtp://mail.example:587" };
    expect(() => loadConfig({ ...production, PASSWORD_HASH_COST: "12" })).toThrow(/PASSWORD_HASH_COST: is at least 14 in production/);
    expect(loadConfig({ ...production, PASSWORD_HASH_COST: "15" }).PASSWORD_HASH_COST).toBe(15);
  });
});

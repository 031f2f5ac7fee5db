import { describe, expect, it } from "vitest";
import { DAILY_SCAN_LIMIT } from "../../../shared/acts/daily-limit.js";
import type { ScanCode } from "../../../shared/schemas/scans.js";
import type { IssuedCodeRow } from "./scan-code-repository.js";
import type { ScanContext } from "./scan-repository.js";
import { judgeScan, SCAN_RULES } from "./scan-rules.js";
import { LANGUAGES } from "../../../shared/i18n/languages.js";
import { MESSAGE_FILES } from "../../../shared/i18n/translate.js";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { RECORD_ACTS } from "./sql/record-acts.js";

/* The scan's rules on one read, in their order (scan-rules.ts): no database, answers in milliseconds. */

const NOW = new Date("2026-11-27T15:00:00Z");
const PLACE: IssuedCodeRow = {
  id: "place-1",
  name: "Comptoir",
  name_translations: null,
  latitude: 45.5,
  longitude: -73.57,
  scan_radius_m: 100,
  card_type: null,
  card_count: null,
  is_active: true,
  org_id: "org-1",
  org_name: "Café Bienveillance",
  org_code: "CAFE",
  org_type: "company",
};
const CODE: ScanCode = { org: "CAFE", loc: "token", type: "virtual" };
const HERE = { lat: 45.5, lon: -73.57 };

function context(overrides: Partial<ScanContext> = {}): ScanContext {
  return {
    code: PLACE,
    version: "1",
    totals: { totalActs: 3, platinum: 0, streak: { current: 1, longest: 1, lastDay: "2026-11-26", freezes: 0, frozenThrough: null } },
    scansToday: 0,
    duplicate: false,
    lastPosition: null,
    achievements: [],
    ...overrides,
  };
}

const refusal = (judgement: ReturnType<typeof judgeScan>) => (judgement.allowed ? "allowed" : judgement.refusal.code);

describe("the scan's rules", () => {
  it("allow a scan of a place in use, from inside its radius, with room left today", () => {
    const judgement = judgeScan(context(), { ...CODE, ...HERE }, NOW);
    expect(judgement).toMatchObject({ allowed: true, issued: { type: "virtual", location: { id: "place-1" } } });
  });

  it("are numbered once, each refusal said in every language", () => {
    expect(SCAN_RULES.map((entry) => entry.rule)).toEqual([1, 2, 3, 4, 5]);
    const refusals = SCAN_RULES.flatMap((entry) => entry.refusals);
    expect(new Set(refusals).size).toBe(refusals.length);
    for (const language of LANGUAGES) {
      const apiErrors = Object.assign({}, ...Object.values(MESSAGE_FILES[language])).apiErrors as Record<string, string>;
      for (const code of refusals) expect(apiErrors[code], `${language}: ${code}`).toBeTruthy();
    }
  });

  it("refuse, each with its own words, in the rules' order: code, position, travel, once a day, the daily limit", () => {
    const everything = context({
      duplicate: true,
      scansToday: DAILY_SCAN_LIMIT,
      lastPosition: { lat: 48.85, lon: 2.35, at: new Date(NOW.getTime() - 60_000) },
    });
    expect(refusal(judgeScan({ ...everything, code: undefined }, { ...CODE, ...HERE }, NOW))).toBe("invalid_qr");
    expect(refusal(judgeScan({ ...everything, code: { ...PLACE, is_active: false } }, { ...CODE, ...HERE }, NOW))).toBe(
      "location_not_found",
    );
    expect(refusal(judgeScan(everything, CODE, NOW))).toBe("location_required");
    expect(refusal(judgeScan(everything, { ...CODE, lat: 45.51, lon: -73.57 }, NOW))).toBe("out_of_range");
    expect(refusal(judgeScan(everything, { ...CODE, ...HERE }, NOW))).toBe("impossible_travel");
    expect(refusal(judgeScan({ ...everything, lastPosition: null }, { ...CODE, ...HERE }, NOW))).toBe("already_scanned_location_today");
    expect(refusal(judgeScan({ ...everything, lastPosition: null, duplicate: false }, { ...CODE, ...HERE }, NOW))).toBe(
      "daily_limit_reached",
    );
  });

  it("give the impossible journey for the review queue", () => {
    const judgement = judgeScan(
      context({ lastPosition: { lat: 48.85, lon: 2.35, at: new Date(NOW.getTime() - 3_600_000) } }),
      { ...CODE, ...HERE },
      NOW,
    );
    expect(judgement.allowed).toBe(false);
    if (judgement.allowed) return;
    expect(judgement.travel!.distanceKm).toBeGreaterThan(5000);
    expect(judgement.travel!.speedKmh).toBeGreaterThan(5000);
  });

  it("ask a card for no position, and refuse it once its organisation was scanned", () => {
    const series: IssuedCodeRow = { ...PLACE, latitude: null, longitude: null, scan_radius_m: null, card_type: "physical", card_count: 50 };
    const card: ScanCode = { ...CODE, type: "physical" };
    expect(judgeScan(context({ code: series }), card, NOW).allowed).toBe(true);
    expect(refusal(judgeScan(context({ code: series, duplicate: true }), card, NOW))).toBe("already_scanned_organisation");
  });

  it("advise the scan page before its card in the same order, rule 2 measuring instead of refusing", () => {
    const advise = (ctx: ScanContext, request: Parameters<typeof judgeScan>[1]) => judgeScan(ctx, request, NOW, "advise");
    // No position yet: the page asks for one.
    expect(advise(context(), CODE)).toMatchObject({ allowed: true, proximity: null });
    // Outside the radius: how far, for the page to say so before any card (110 m north of a 100 m radius).
    const far = advise(context(), { ...CODE, lat: 45.501, lon: -73.57 });
    expect(far).toMatchObject({ allowed: true, proximity: { radiusMeters: 100 } });
    expect(far.allowed && far.proximity!.distanceMeters).toBeGreaterThan(0);
    expect(advise(context(), { ...CODE, ...HERE })).toMatchObject({ allowed: true, proximity: { distanceMeters: 0, radiusMeters: 100 } });
    // Every other rule refuses as the scan would, in the scan's order (checkScan flags no journey: it records nothing).
    const everything = context({
      duplicate: true,
      scansToday: DAILY_SCAN_LIMIT,
      lastPosition: { lat: 48.85, lon: 2.35, at: new Date(NOW.getTime() - 60_000) },
    });
    expect(refusal(advise({ ...everything, code: undefined }, CODE))).toBe("invalid_qr");
    expect(refusal(advise(everything, { ...CODE, ...HERE }))).toBe("impossible_travel");
    expect(refusal(advise(everything, CODE))).toBe("already_scanned_location_today");
    expect(refusal(advise({ ...everything, duplicate: false }, CODE))).toBe("daily_limit_reached");
  });

  it("are checked again in the database only where they must be atomic, each named there by its number", () => {
    const migrations = fileURLToPath(new URL("../../platform/db/migrations/", import.meta.url));
    const schema = readdirSync(migrations)
      .map((file) => readFileSync(migrations + file, "utf8"))
      .join("\n");
    for (const entry of SCAN_RULES) {
      const held = "heldAgain" in entry ? entry.heldAgain : null;
      const named = RECORD_ACTS.includes(`Rule ${entry.rule} (SCAN_RULES`);
      expect(named, `rule ${entry.rule} named in record_acts`).toBe(held?.by === "record_acts");
      if (held?.by === "record_acts") expect(RECORD_ACTS).toContain(`v_status[i] := '${held.status}'`);
      if (held?.by === "unique indexes") for (const name of held.names) expect(schema).toContain(`create unique index ${name} on acts`);
    }
  });
});

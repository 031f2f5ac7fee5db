import { describe, expect, it } from "vitest";
import type { ScanCheck } from "../../../shared/schemas/scans.js";
import { parseScanLink } from "../../lib/scan-link.js";
import { scanStep, type ScanPageState } from "./scan-step.js";

const link = { org: "ORG1", loc: "tok", type: "virtual" as const, name: "Park" };
const virtualCheck: ScanCheck = {
  status: "ready",
  organizationName: "Kind Co",
  locationTranslations: {},
  locationName: "Park",
  type: "virtual",
  proximity: null,
};
const cardCheck: ScanCheck = { ...virtualCheck, type: "portable", locationName: "Pass-it-on cards" };
/** The check asked again with the position: the server's distance, never the place's coordinates. */
const checkedAt = (distanceMeters: number) => ({
  isPending: false,
  error: null,
  data: { ...virtualCheck, proximity: { distanceMeters, radiusMeters: 100 } },
});

const state = (overrides: Partial<ScanPageState> = {}): ScanPageState => ({
  link,
  session: { isLoading: false, signedIn: true },
  check: { isPending: false, error: null, data: virtualCheck },
  record: { error: null },
  position: { status: "idle" },
  ...overrides,
});

describe("the scan page's steps", () => {
  it("reads a printed link's four parameters, refusing incomplete ones and unknown types", () => {
    expect(parseScanLink(new URLSearchParams({ org: " ORG1 ", loc: "tok", type: "virtual", name: "Park" }))).toEqual(link);
    expect(parseScanLink(new URLSearchParams({ org: "ORG1", loc: "tok", type: "virtual" }))).toBeNull();
    expect(parseScanLink(new URLSearchParams({ org: "ORG1", loc: "tok", type: "sticker", name: "Park" }))).toBeNull();
  });

  it("stops at a bad link, then waits for the session, then sends visitors to sign in", () => {
    expect(scanStep(state({ link: null, session: { isLoading: true, signedIn: false } })).kind).toBe("invalid-link");
    expect(scanStep(state({ session: { isLoading: true, signedIn: false } })).kind).toBe("verifying-session");
    expect(scanStep(state({ session: { isLoading: false, signedIn: false } })).kind).toBe("keep-for-later");
  });

  it("shows the server's refusal of the check or of the recording", () => {
    expect(scanStep(state({ check: { isPending: true, error: null, data: undefined } })).kind).toBe("checking");
    const refusal = new Error("already scanned");
    expect(scanStep(state({ check: { isPending: false, error: refusal, data: undefined } }))).toEqual({ kind: "refused", error: refusal });
    expect(scanStep(state({ record: { error: refusal } }))).toEqual({ kind: "refused", error: refusal });
  });

  it("asks a virtual code for the position until it is known, passing on progress and errors", () => {
    expect(scanStep(state())).toEqual({ kind: "share-location", check: virtualCheck, locating: false, error: null });
    expect(scanStep(state({ position: { status: "locating" } }))).toMatchObject({ kind: "share-location", locating: true });
    expect(scanStep(state({ position: { status: "error", error: "denied" } }))).toMatchObject({ kind: "share-location", error: "denied" });
    const inside = checkedAt(0);
    expect(scanStep(state({ position: { status: "ready", lat: 40, lon: -74.5 }, check: inside }))).toEqual({
      kind: "card",
      check: inside.data,
    });
  });

  it("says at once when the server finds the position outside the place's radius, with the distance, and no card", () => {
    const far = checkedAt(1112);
    expect(scanStep(state({ position: { status: "ready", lat: 40.01, lon: -74.5 }, check: far }))).toEqual({
      kind: "too-far",
      check: far.data,
      distance: 1112,
      radius: 100,
    });
    // While the check with the position is asked, the page waits for it.
    const asking = { isPending: true, error: null, data: undefined };
    expect(scanStep(state({ position: { status: "ready", lat: 40.01, lon: -74.5 }, check: asking })).kind).toBe("checking");
  });

  it("shows a card's envelope at once, wherever the person is", () => {
    expect(scanStep(state({ link: { ...link, type: "portable" }, check: { isPending: false, error: null, data: cardCheck } }))).toEqual({
      kind: "card",
      check: cardCheck,
    });
  });
});

import { describe, expect, it } from "vitest";
import { deepLinkTarget, judgeScannedText } from "./scan-link.js";
import { shortCodeFromTyped, typedCodeSchema } from "../../shared/schemas/scans.js";

const ORIGIN = "https://kindly.example";

describe("what the camera read", () => {
  it("opens this Kindly's scan links, with their parameters", () => {
    const link = `${ORIGIN}/scan-qr?org=KND-1A2B3C&loc=tok_123&type=portable&name=Caf%C3%A9&card=7`;
    expect(judgeScannedText(link, ORIGIN)).toEqual({
      kind: "kindly",
      path: "/scan-qr?org=KND-1A2B3C&loc=tok_123&type=portable&name=Caf%C3%A9&card=7",
      fullPage: false,
    });
  });

  it("opens this Kindly's short links with a page load (the server leads them to the scan page)", () => {
    expect(judgeScannedText(`${ORIGIN}/c/Ab3dE6gH9k`, ORIGIN)).toEqual({ kind: "kindly", path: "/c/Ab3dE6gH9k", fullPage: true });
    expect(judgeScannedText(`${ORIGIN}/c/Ab3dE6gH9k-12`, ORIGIN)).toEqual({ kind: "kindly", path: "/c/Ab3dE6gH9k-12", fullPage: true });
    expect(judgeScannedText(`${ORIGIN}/c/short`, ORIGIN)).toEqual({ kind: "not-a-code" });
    expect(judgeScannedText(`${ORIGIN}/c/Ab3dE6gH9k-0`, ORIGIN)).toEqual({ kind: "not-a-code" });
    expect(judgeScannedText("https://evil.example/c/Ab3dE6gH9k", ORIGIN)).toEqual({ kind: "other-site", host: "evil.example" });
  });

  it("tells apart plain text, another site's link and a Kindly link that is not a code", () => {
    expect(judgeScannedText("hello there", ORIGIN)).toEqual({ kind: "not-a-link" });
    expect(judgeScannedText("javascript:alert(1)", ORIGIN)).toEqual({ kind: "not-a-link" });
    expect(judgeScannedText("https://evil.example/scan-qr?org=a&loc=b&type=virtual&name=c", ORIGIN)).toEqual({
      kind: "other-site",
      host: "evil.example",
    });
    expect(judgeScannedText(`${ORIGIN}/profile`, ORIGIN)).toEqual({ kind: "not-a-code" });
    expect(judgeScannedText(`${ORIGIN}/scan-qr?org=a&loc=b&type=teleport&name=c`, ORIGIN)).toEqual({ kind: "not-a-code" });
    expect(judgeScannedText(`${ORIGIN}/scan-qr?org=a&loc=b&type=virtual`, ORIGIN)).toEqual({ kind: "not-a-code" });
  });
});

describe("deep links", () => {
  it("sends the home page with the four parameters to the scan page", () => {
    expect(deepLinkTarget("/", "?org=KND-1&loc=t&type=virtual&name=Le%20Caf%C3%A9")).toBe(
      "/scan-qr?org=KND-1&loc=t&type=virtual&name=Le+Caf%C3%A9",
    );
  });

  it("ignores other pages, missing parameters and malformed values", () => {
    expect(deepLinkTarget("/auth", "?org=KND-1&loc=t&type=virtual&name=x")).toBeNull();
    expect(deepLinkTarget("/", "?org=KND-1&loc=t&type=virtual")).toBeNull();
    expect(deepLinkTarget("/", "?org=KND-1&loc=t&type=rocket&name=x")).toBeNull();
    expect(deepLinkTarget("/", "")).toBeNull();
  });
});

describe("a code typed from under a printed QR", () => {
  it("finds the short code in the whole address, the path or the code alone", () => {
    expect(shortCodeFromTyped("https://kindly.example/c/Ab3dE6gH9k")).toBe("Ab3dE6gH9k");
    expect(shortCodeFromTyped(" kindly.example/c/Ab3dE6gH9k-12 ")).toBe("Ab3dE6gH9k-12");
    expect(shortCodeFromTyped("/c/Ab3dE6gH9k")).toBe("Ab3dE6gH9k");
    expect(shortCodeFromTyped("Ab3d E6gH9k")).toBe("Ab3dE6gH9k");
    expect(shortCodeFromTyped("Ab3dE6gH9k?utm=1")).toBe("Ab3dE6gH9k");
  });

  it("refuses what holds no code, so the form says so", () => {
    for (const typed of ["", "pas-un-code", "Ab3dE6gH9", "Ab3dE6gH9k-0", "kindly.example/c/", "https://evil.example/x/Ab3dE6gH9k!"])
      expect(shortCodeFromTyped(typed)).toBeNull();
    expect(typedCodeSchema.safeParse({ code: "nope" }).success).toBe(false);
    expect(typedCodeSchema.safeParse({ code: "kindly.example/c/Ab3dE6gH9k" }).success).toBe(true);
  });
});

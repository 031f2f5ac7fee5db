import { describe, expect, it } from "vitest";
import { safeRedirect, signInDestination } from "./sign-in-destination.js";

describe("where sign-in leads", () => {
  it("goes back to the code being scanned, keeping its four parameters only", () => {
    const params = new URLSearchParams({ org: "ORG1", loc: "tok", type: "virtual", name: "Café", redirect: "/profile", extra: "x" });
    expect(signInDestination(params)).toEqual({ to: "/scan-qr?org=ORG1&loc=tok&type=virtual&name=Caf%C3%A9", explicit: true });
  });

  it("follows a same-site redirect, else goes home", () => {
    expect(signInDestination(new URLSearchParams({ redirect: "/act-history?x=1" }))).toEqual({ to: "/act-history?x=1", explicit: true });
    expect(signInDestination(new URLSearchParams())).toEqual({ to: "/", explicit: false });
    expect(signInDestination(new URLSearchParams({ org: "ORG1", loc: "tok" }))).toEqual({ to: "/", explicit: false });
  });

  it("refuses every redirect a browser could take to another site", () => {
    for (const hostile of [
      "//evil.example/path",
      "/\\evil.example",
      "\\\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/\t/evil.example",
      "evil.example",
      "",
    ]) {
      expect(safeRedirect(hostile), hostile).toBeNull();
    }
    expect(safeRedirect("/leaderboards#top")).toBe("/leaderboards#top");
  });
});

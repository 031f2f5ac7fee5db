import { describe, expect, it } from "vitest";
import { actsSinceQrLaunch } from "./goals.js";

describe("goals", () => {
  it("counts acts since the QR launch, never below zero", () => {
    expect(actsSinceQrLaunch(100)).toBe(0);
    expect(actsSinceQrLaunch(40_000)).toBe(3157);
  });
});

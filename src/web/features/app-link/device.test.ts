import { describe, expect, it } from "vitest";
import { detectDevice } from "./device.js";

describe("the device a handoff page runs on", () => {
  it("recognises Android, iPhone, iPad (also when it says Mac) and desktops", () => {
    expect(detectDevice("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile Safari/537.36")).toBe("android");
    expect(detectDevice("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148")).toBe("ios");
    expect(detectDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15", 5)).toBe(
      "ios",
    );
    expect(detectDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.1 Safari/605.1.15", 0)).toBe(
      "desktop",
    );
    expect(detectDevice("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131 Safari/537.36")).toBe("desktop");
  });
});

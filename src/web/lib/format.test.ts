import { describe, expect, it } from "vitest";
import { formatDistance, formatRelativeTime } from "./format.js";

// French groups digits with a narrow no-break space.
const spaces = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formats in the reader's language", () => {
  it("writes distances with the locale's digits, in metres then kilometres", () => {
    expect(formatDistance(1112.4, "en")).toBe("1,112 m");
    expect(spaces(formatDistance(1112.4, "fr"))).toBe("1 112 m");
    expect(formatDistance(12_540, "en")).toBe("12.5 km");
    expect(spaces(formatDistance(12_540, "fr"))).toBe("12,5 km");
  });

  it("says how long ago, in the largest unit that fits", () => {
    const now = new Date("2026-11-22T12:00:00Z");
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    expect(formatRelativeTime(ago(10), now, "en")).toBe("now");
    expect(formatRelativeTime(ago(10), now, "fr")).toBe("maintenant");
    expect(formatRelativeTime(ago(120), now, "en")).toBe("2 mins ago");
    expect(spaces(formatRelativeTime(ago(120), now, "fr"))).toBe("il y a 2 min");
    expect(formatRelativeTime(ago(3 * 3600), now, "en")).toBe("3 hrs ago");
    expect(formatRelativeTime(ago(2 * 86400), now, "fr")).toBe("avant-hier");
  });
});

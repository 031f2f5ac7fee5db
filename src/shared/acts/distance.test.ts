import { describe, expect, it } from "vitest";
import { distanceMeters, distanceOutsideRadius } from "./distance.js";

describe("distance", () => {
  it("measures great-circle distances in metres", () => {
    const montreal = { lat: 45.5017, lon: -73.5673 };
    const toronto = { lat: 43.6532, lon: -79.3832 };
    expect(distanceMeters(montreal, montreal)).toBe(0);
    expect(distanceMeters(montreal, toronto) / 1000).toBeCloseTo(504.3, 0);
    // 0.001 degree of latitude is about 111 m everywhere.
    expect(distanceMeters({ lat: 40, lon: -74.5 }, { lat: 40.001, lon: -74.5 })).toBeCloseTo(111.2, 0);
  });

  it("says how far a position is when it is outside a place's radius, and nothing inside it", () => {
    const place = { lat: 40, lon: -74.5, radiusMeters: 100 };
    expect(distanceOutsideRadius({ lat: 40.0005, lon: -74.5 }, place)).toBeNull();
    expect(distanceOutsideRadius({ lat: 40.01, lon: -74.5 }, place)).toBe(1112);
  });
});

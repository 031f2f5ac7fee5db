import { describe, expect, it } from "vitest";
import { placesNear } from "./places-near.js";

const place = (name: string, lat: number, lon: number, radiusMeters = 100) => ({
  id: name,
  name,
  organizationName: "Org",
  organizationType: "company" as const,
  lat,
  lon,
  radiusMeters,
  campaignEffect: null,
  organizationLogoUrl: null,
});

describe("places near the person", () => {
  it("orders by distance and says where a scan would be in range", () => {
    const me = { lat: 45.5017, lon: -73.5673 };
    const near = placesNear([place("Far", 45.6, -73.5673), place("Here", 45.5018, -73.5673), place("Close", 45.5107, -73.5673, 500)], me);
    expect(near.map((p) => [p.name, Math.round(p.distanceMeters!), p.inRange])).toEqual([
      ["Here", 11, true],
      ["Close", 1001, false],
      ["Far", 10930, false],
    ]);
  });

  it("orders by name when the position is unknown", () => {
    expect(placesNear([place("b", 0, 0), place("a", 1, 1)], null).map((p) => [p.name, p.distanceMeters, p.inRange])).toEqual([
      ["a", null, false],
      ["b", null, false],
    ]);
  });
});

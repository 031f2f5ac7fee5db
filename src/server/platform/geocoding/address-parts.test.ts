import { describe, expect, it } from "vitest";
import { postalCodeIn, toSuggestion } from "./address-parts.js";

describe("address parts", () => {
  it("finds Canadian and US postal codes, normalised", () => {
    expect(postalCodeIn("1001 Rue Sherbrooke, Montréal, QC h3a1g5, Canada")).toBe("H3A 1G5");
    expect(postalCodeIn("H2X 1Y4")).toBe("H2X 1Y4");
    expect(postalCodeIn("350 5th Ave, New York, NY 10118-0110")).toBe("10118-0110");
    expect(postalCodeIn("Trenton, NJ 08608")).toBe("08608");
    expect(postalCodeIn("Paris, France")).toBe("");
  });

  it("turns a provider result into the dialog's fields", () => {
    expect(
      toSuggestion({
        place_id: 42,
        lat: "45.5048",
        lon: "-73.5772",
        name: "McGill University",
        display_name: "McGill University, 845, Rue Sherbrooke Ouest, Montréal, Québec, H3A 0G4, Canada",
        address: { city: "Montréal", state: "Québec", postcode: "H3A 0G4", country: "Canada" },
      }),
    ).toEqual({
      id: "42",
      label: "McGill University, 845, Rue Sherbrooke Ouest, Montréal, Québec, H3A 0G4, Canada",
      mainText: "McGill University",
      secondaryText: "845, Rue Sherbrooke Ouest, Montréal, Québec, H3A 0G4, Canada",
      lat: 45.5048,
      lon: -73.5772,
      city: "Montréal",
      province: "Québec",
      postalCode: "H3A 0G4",
      country: "Canada",
    });
    expect(toSuggestion({ lat: "abc", lon: "0", display_name: "Nowhere" })).toBeNull();
  });
});

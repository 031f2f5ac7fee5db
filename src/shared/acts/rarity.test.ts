import { describe, expect, it } from "vitest";
import { RARITY_DRAW_RANGE, rarityForDraw } from "./rarity.js";

describe("rarity", () => {
  it("maps every draw to the spec's shares exactly", () => {
    const counts = { bronze: 0, silver: 0, gold: 0, platinum: 0 };
    for (let draw = 0; draw < RARITY_DRAW_RANGE; draw += 1) counts[rarityForDraw(draw)] += 1;
    expect(counts).toEqual({ platinum: 100, gold: 300, silver: 1000, bronze: 8600 });
    expect(() => rarityForDraw(RARITY_DRAW_RANGE)).toThrow(RangeError);
  });
});

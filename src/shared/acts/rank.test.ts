import { describe, expect, it } from "vitest";
import { rankedByArrival, rankWithAhead, withRanks } from "./rank.js";

describe("rank", () => {
  it("is 1 + the number with more acts", () => {
    expect(rankWithAhead(0)).toBe(1);
    expect(rankWithAhead(56)).toBe(57);
  });

  it("gives ties one rank and skips the ranks they share", () => {
    const rows = [9, 7, 7, 5, 5, 5, 1].map((acts, i) => ({ id: `r${i}`, acts }));
    expect(withRanks(rows).map((row) => row.rank)).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(withRanks([])).toEqual([]);
    expect(withRanks([{ acts: 3 }, { acts: 3 }])).toEqual([
      { acts: 3, rank: 1 },
      { acts: 3, rank: 1 },
    ]);
  });

  it("ranks a board's rows 1, 2, 3… in the order given (acts, then who got there first)", () => {
    expect(rankedByArrival([{ acts: 3 }, { acts: 1 }, { acts: 1 }]).map((row) => row.rank)).toEqual([1, 2, 3]);
    expect(rankedByArrival([])).toEqual([]);
  });
});

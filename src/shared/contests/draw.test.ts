import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { drawWinners, ticketDigest, ticketListText, verifyDraw } from "./draw.js";

const seedOf = (i: number) => createHash("sha256").update(`test-seed-${i}`).digest("hex");

describe("the contest draw", () => {
  const entries = [
    { entrant: "d4", tickets: 4 },
    { entrant: "a1", tickets: 1 },
    { entrant: "c3", tickets: 3 },
    { entrant: "b2", tickets: 2 },
  ];

  it("freezes the list as sorted text whatever order it arrives in", async () => {
    expect(ticketListText(entries)).toBe("a1 1\nb2 2\nc3 3\nd4 4\n");
    expect(await ticketDigest(entries)).toBe(await ticketDigest([...entries].reverse()));
    expect(await ticketDigest(entries)).toBe(createHash("sha256").update("a1 1\nb2 2\nc3 3\nd4 4\n").digest("hex"));
  });

  it("gives the same winners for the same seed and list, and others for another seed", async () => {
    const first = await drawWinners({ seed: seedOf(1), entries, slots: 3 });
    expect(await drawWinners({ seed: seedOf(1), entries: [...entries].reverse(), slots: 3 })).toEqual(first);
    const others = await Promise.all([2, 3, 4, 5, 6].map((i) => drawWinners({ seed: seedOf(i), entries, slots: 3 })));
    expect(others.some((winners) => JSON.stringify(winners) !== JSON.stringify(first))).toBe(true);
  });

  it("never draws one entrant twice, and stops when everyone has won", async () => {
    const winners = await drawWinners({ seed: seedOf(7), entries, slots: 10 });
    expect(winners).toHaveLength(4);
    expect(new Set(winners.map((w) => w.entrant)).size).toBe(4);
    expect(winners.map((w) => w.drawOrder)).toEqual([1, 2, 3, 4]);
    expect(await drawWinners({ seed: seedOf(7), entries: [], slots: 3 })).toEqual([]);
  });

  it("weights the first prize by tickets: over 4,000 seeds each entrant wins in proportion, within 3 points", async () => {
    const wins = new Map<string, number>();
    const runs = 4000;
    for (let i = 0; i < runs; i++) {
      const [winner] = await drawWinners({ seed: seedOf(i), entries, slots: 1 });
      wins.set(winner!.entrant, (wins.get(winner!.entrant) ?? 0) + 1);
    }
    // Expected shares 10, 20, 30, 40 %; one standard deviation is at most 0.8 point here.
    for (const entry of entries) expect(Math.abs((wins.get(entry.entrant) ?? 0) / runs - entry.tickets / 10)).toBeLessThan(0.03);
  });

  it("finds a published draw true, and a changed list, seed or winner false", async () => {
    const seed = seedOf(11);
    const seedHash = createHash("sha256").update(seed).digest("hex");
    const digest = await ticketDigest(entries);
    const winners = await drawWinners({ seed, entries, slots: 2 });
    const proof = { seed, seedHash, ticketDigest: digest, entries, slots: 2, winners };
    expect(await verifyDraw(proof)).toMatchObject({ seedMatches: true, listMatches: true, winnersMatch: true });
    expect(await verifyDraw({ ...proof, entries: [...entries, { entrant: "e5", tickets: 1 }] })).toMatchObject({ listMatches: false });
    expect(await verifyDraw({ ...proof, seed: seedOf(12) })).toMatchObject({ seedMatches: false });
    const swapped = winners.map((w, i) => ({ ...w, entrant: winners[(i + 1) % winners.length]!.entrant }));
    expect(await verifyDraw({ ...proof, winners: swapped })).toMatchObject({ winnersMatch: false });
  });
});

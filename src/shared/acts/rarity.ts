export const RARITIES = ["bronze", "silver", "gold", "platinum"] as const;
export type Rarity = (typeof RARITIES)[number];

/** Shares out of 10,000 draws (docs/design.md §3): platinum 1 %, gold 3 %, silver 10 %, bronze 86 %. */
export const RARITY_SHARES: Readonly<Record<Rarity, number>> = {
  platinum: 100,
  gold: 300,
  silver: 1000,
  bronze: 8600,
};
export const RARITY_DRAW_RANGE = 10_000;

/**
 * The rarity for a uniform draw in [0, 10,000). The server draws with
 * crypto.randomInt; keeping the mapping pure lets a test check the shares.
 */
export function rarityForDraw(draw: number): Rarity {
  if (!Number.isInteger(draw) || draw < 0 || draw >= RARITY_DRAW_RANGE) throw new RangeError(`draw out of range: ${draw}`);
  if (draw < RARITY_SHARES.platinum) return "platinum";
  if (draw < RARITY_SHARES.platinum + RARITY_SHARES.gold) return "gold";
  if (draw < RARITY_SHARES.platinum + RARITY_SHARES.gold + RARITY_SHARES.silver) return "silver";
  return "bronze";
}

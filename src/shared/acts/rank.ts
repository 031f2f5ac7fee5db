/**
 * Competition ranking, the one definition of a rank everywhere (profile and
 * boards): 1 + the number of people (or teams, or countries) with strictly
 * more acts, so ties share a rank and the next rank skips ("1, 2, 2, 4").
 */
export function rankWithAhead(ahead: number): number {
  return ahead + 1;
}

/** Ranks rows already sorted by acts, highest first. */
export function withRanks<T extends { acts: number }>(rows: readonly T[]): (T & { rank: number })[] {
  let ahead = 0;
  return rows.map((row, index) => {
    // Everyone before this row has strictly more acts unless they tie with it.
    if (index > 0 && rows[index - 1]!.acts !== row.acts) ahead = index;
    return { ...row, rank: rankWithAhead(ahead) };
  });
}

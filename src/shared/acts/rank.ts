/**
 * Competition ranking, for a total against everyone (the profile's global
 * rank): 1 + the number of people with strictly more acts, so ties share a
 * rank and the next rank skips ("1, 2, 2, 4"). Boards break ties instead
 * (`rankedByArrival`).
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

/**
 * A board's ranks (issue 43 §3): rows sorted by acts, then by who reached
 * their count first (`reached_at`), ranked 1, 2, 3… — five newcomers with one
 * act each are not "all first", the earliest is.
 */
export function rankedByArrival<T>(rows: readonly T[]): (T & { rank: number })[] {
  return rows.map((row, index) => ({ ...row, rank: index + 1 }));
}

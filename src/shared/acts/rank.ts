/**
 * True global rank (DESIGN.md 4.3): 1 + the number of users with more acts.
 * `histogram` holds how many users have each total.
 */
export function rankFromHistogram(histogram: Iterable<{ totalActs: number; users: number }>, totalActs: number): number {
  let ahead = 0;
  for (const bucket of histogram) if (bucket.totalActs > totalActs) ahead += bucket.users;
  return ahead + 1;
}

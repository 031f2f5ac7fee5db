const LISTED = [10, 25, 50, 100, 250, 500, 1000, 2000, 5000, 10000];

/** The milestone after `total`: the listed ones, then doubling from 10,000. */
export function nextMilestone(total: number): { previous: number; next: number } {
  let previous = 0;
  for (const milestone of LISTED) {
    if (total < milestone) return { previous, next: milestone };
    previous = milestone;
  }
  let next = LISTED[LISTED.length - 1]! * 2;
  while (total >= next) {
    previous = next;
    next *= 2;
  }
  return { previous, next };
}

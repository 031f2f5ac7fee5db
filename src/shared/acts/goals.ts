/** One of the movement's goals: so many acts in all by the end of a year. */
export interface Goal {
  target: number;
  year: number;
}

/** A goal as the home page shows it. */
export interface GoalView extends Goal {
  reached: boolean;
}

/**
 * The goals a deployment aims for when it sets none (`MOVEMENT_GOALS`), as
 * `target:year` pairs. Years ahead of the launch: a goal whose year is over is
 * no longer shown unless it was reached.
 */
export const DEFAULT_GOALS = "100000:2027,1000000:2030,1000000000:2040";

/** `MOVEMENT_GOALS`'s text as goals, smallest first; throws on anything else, so a bad setting stops start-up. */
export function parseGoals(text: string): Goal[] {
  const goals = text.split(",").map((pair) => {
    const match = /^\s*(\d{1,13}):(\d{4})\s*$/.exec(pair);
    if (!match) throw new Error(`"${pair}" is not a goal: write target:year, e.g. 1000000:2030`);
    return { target: Number(match[1]), year: Number(match[2]) };
  });
  return goals.sort((a, b) => a.target - b.target || a.year - b.year);
}

/**
 * A goal's bar appears once the counter has made a visible start on it (1 %):
 * a young movement is not shown "0 %" of a billion.
 */
export const GOAL_SHOWN_FROM = 0.01;

/**
 * The goals to show this year, consistent with the counter: reached ones stay
 * (ticked), a goal whose year has ended without being reached is dropped, so
 * the page never promises a date already past, and a goal still out of sight
 * (below GOAL_SHOWN_FROM of it) waits.
 */
export function currentGoals(goals: readonly Goal[], totalActs: number, year: number): GoalView[] {
  return goals
    .map((goal) => ({ ...goal, reached: totalActs >= goal.target }))
    .filter((goal) => goal.reached || (goal.year >= year && totalActs >= goal.target * GOAL_SHOWN_FROM));
}

/** Companies the movement aims to enrol (quick stats show N/10,000). */
export const COMPANIES_GOAL = 10_000;

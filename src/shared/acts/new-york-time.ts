/**
 * Every daily rule counts in America/New_York calendar days ("Eastern Time"
 * in the spec), whatever the server's or the user's time zone.
 */
export const KINDLY_TIME_ZONE = "America/New_York";

const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: KINDLY_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

let lastHour = Number.NaN;
let lastDay = "";

/** The New York calendar day of an instant, as 'YYYY-MM-DD'. */
export function newYorkDay(at: Date): string {
  // New York is a whole number of hours from UTC (its DST changes too), so
  // its day only changes on a UTC hour: the formatter (costly) runs once per
  // hour for "now", not once per scan.
  const hour = Math.floor(at.getTime() / 3_600_000);
  if (hour !== lastHour) {
    lastDay = dayFormat.format(at);
    lastHour = hour;
  }
  return lastDay;
}

const hourFormat = new Intl.DateTimeFormat("en-US", { timeZone: KINDLY_TIME_ZONE, hour: "numeric", hourCycle: "h23" });

/** The hour (0–23) of an instant on New York's clock. */
export function newYorkHour(at: Date): number {
  return Number(hourFormat.format(at));
}

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Whole days from `from` to `to` (both 'YYYY-MM-DD'). */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

export function addDays(day: string, days: number): string {
  return new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday that starts the week of `day` ('YYYY-MM-DD'): "this week" on the home page. */
export function weekStartOf(day: string): string {
  const weekday = new Date(dayNumber(day) * DAY_MS).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** Leaderboard period keys for a New York day: all time, its year, its month. */
export function periodKeys(day: string): { all: "all"; year: string; month: string } {
  return { all: "all", year: `y${day.slice(0, 4)}`, month: `m${day.slice(0, 7)}` };
}

/**
 * Which day of the movement `now` is, its first New York day (`startDay`,
 * a deployment's own: KINDLY_MOVEMENT_START, or the day it first started)
 * being day 1.
 */
export function movementDay(startDay: string, now: Date): number {
  return Math.max(1, daysBetween(startDay, newYorkDay(now)) + 1);
}

/**
 * The instant the next New York day begins after `now`: when a daily rule
 * ("one scan per place per day") lets the person scan again. New York is
 * 4 or 5 hours behind UTC, so midnight there is 04:00 or 05:00 UTC.
 */
export function nextNewYorkMidnight(now: Date): Date {
  return midnightStarting(addDays(newYorkDay(now), 1));
}

/** The instant today's New York day began. */
export function startOfNewYorkDay(now: Date): Date {
  return midnightStarting(newYorkDay(now));
}

/** Midnight in New York at the start of `day` is 04:00 UTC in summer time, 05:00 in winter. */
function midnightStarting(day: string): Date {
  const daylightSaving = new Date(`${day}T04:00:00Z`);
  return newYorkDay(daylightSaving) === day ? daylightSaving : new Date(`${day}T05:00:00Z`);
}

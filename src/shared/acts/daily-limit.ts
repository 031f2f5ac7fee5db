/**
 * The daily limit: a person records at most this many acts per New York day
 * (the day resets at midnight, Eastern Time). The server claims a slot
 * atomically (the database function `record_acts`, features/scan/sql/record-acts.ts, is handed this
 * number); messages interpolate it as {{limit}}; the database only checks
 * that a day's count is not negative, so raising it needs no migration.
 */
export const DAILY_SCAN_LIMIT = 20;

/** Whether someone who has recorded `scansToday` acts today may record another. */
export function mayRecordAnotherToday(scansToday: number): boolean {
  return scansToday < DAILY_SCAN_LIMIT;
}

/** What every message that mentions the limit interpolates. */
export const dailyLimitVars = { limit: DAILY_SCAN_LIMIT } as const;

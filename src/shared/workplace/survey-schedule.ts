import { addDays } from "../acts/new-york-time.js";

/** Climate surveys open on the 15th, every two months (docs/design.md §4.6). */
export const SURVEY_DAY_OF_MONTH = 15;
export const SURVEY_EVERY_MONTHS = 2;
/** The reminder goes out this many days before a survey closes. */
export const REMINDER_DAYS_BEFORE_CLOSE = 3;

export interface SurveyPeriod {
  /** 'YYYY-MM-DD', the 15th the survey opens. */
  opens: string;
  /** The day before the next survey opens. */
  closes: string;
}

const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const fifteenthOf = (index: number) =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-${String(SURVEY_DAY_OF_MONTH).padStart(2, "0")}`;

/**
 * The next `count` survey periods from `today` ('YYYY-MM-DD'), in step with
 * `anchor` (the organisation's start day): surveys fall in the months two,
 * four, six… months after the anchor's month, so an organisation keeps one
 * rhythm whenever it looks. The first is the first such 15th on or after today.
 */
export function upcomingSurveyPeriods(today: string, anchor: string, count = 6): SurveyPeriod[] {
  const phase = monthIndex(anchor) % SURVEY_EVERY_MONTHS;
  let index = monthIndex(today);
  while (index % SURVEY_EVERY_MONTHS !== phase) index += 1;
  if (fifteenthOf(index) < today) index += SURVEY_EVERY_MONTHS;
  return Array.from({ length: count }, (_, i) => {
    const start = index + i * SURVEY_EVERY_MONTHS;
    return { opens: fifteenthOf(start), closes: addDays(fifteenthOf(start + SURVEY_EVERY_MONTHS), -1) };
  });
}

/**
 * The period an employer opens today: from the latest survey 15th on or
 * before `today` (in the organisation's rhythm) to the day before the next.
 */
export function currentSurveyPeriod(today: string, anchor: string): SurveyPeriod {
  const phase = monthIndex(anchor) % SURVEY_EVERY_MONTHS;
  let index = monthIndex(today);
  while (index % SURVEY_EVERY_MONTHS !== phase || fifteenthOf(index) > today) index -= 1;
  return { opens: fifteenthOf(index), closes: addDays(fifteenthOf(index + SURVEY_EVERY_MONTHS), -1) };
}

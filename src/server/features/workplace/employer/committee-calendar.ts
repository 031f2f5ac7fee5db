import { TZDate } from "@date-fns/tz";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import ical, { ICalEventStatus } from "ical-generator";
import { addDays } from "../../../../shared/acts/new-york-time.js";
import type { Language } from "../../../../shared/constants.js";
import { translate } from "../../../../shared/i18n/translate.js";

/** A committee meeting as calendars receive it. */
export interface CalendarMeeting {
  id: string;
  title: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** "14:00:00" on the wall clock of `timeZone`; null: a meeting known by its day only (an all-day event). */
  time: string | null;
  durationMinutes: number;
  location: string;
  timeZone: string;
  keyDecisions: string;
  sequence: number;
  cancelled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/** A survey period, opened or scheduled: 'YYYY-MM-DD', both days included. */
export interface CalendarSurveyPeriod {
  opens: string;
  closes: string;
}

/** How often subscribed calendars are asked to look again. */
const REFRESH_SECONDS = 60 * 60;

const midnightUtc = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The committee's calendar (issue 47 §5): one event per meeting, whose UID is
 * the meeting's id at this deployment, so an update (a higher SEQUENCE) or a
 * cancellation (STATUS:CANCELLED) replaces the event a calendar holds instead
 * of adding one; and the survey periods as all-day events. A timed meeting is
 * written on the wall clock of its own time zone (TZID, with the zone's
 * VTIMEZONE), so it stays at 14:00 in Montréal whoever reads it.
 */
export function committeeCalendar(input: {
  host: string;
  organizationId: string;
  employer: string;
  language: Language;
  meetings: readonly CalendarMeeting[];
  surveys: readonly CalendarSurveyPeriod[];
  now: Date;
}): string {
  const t = (key: string, vars?: Record<string, string | number>) => translate(input.language, `employer.calendar.${key}`, vars);
  const calendar = ical({
    name: t("name", { employer: input.employer }),
    prodId: { company: "Kindly", product: "committee", language: input.language.toUpperCase() },
    // Only the VTIMEZONE generator: each event names its own zone (an all-day event none).
    timezone: { name: null, generator: getVtimezoneComponent },
    ttl: REFRESH_SECONDS,
  });
  for (const meeting of input.meetings) {
    const common = {
      id: `meeting-${meeting.id}@${input.host}`,
      sequence: meeting.sequence,
      summary: meeting.cancelled ? t("cancelledTitle", { title: meeting.title }) : meeting.title,
      description: meeting.keyDecisions || null,
      location: meeting.location || null,
      status: meeting.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      created: meeting.createdAt,
      lastModified: meeting.updatedAt,
      stamp: meeting.updatedAt,
    };
    if (meeting.time === null) {
      calendar.createEvent({ ...common, allDay: true, start: midnightUtc(meeting.date), end: midnightUtc(addDays(meeting.date, 1)) });
      continue;
    }
    const [year, month, day] = meeting.date.split("-").map(Number) as [number, number, number];
    const [hour, minute] = meeting.time.split(":").map(Number) as [number, number];
    // The wall-clock time in the meeting's zone, whatever the server's own zone is.
    const start = new TZDate(year, month - 1, day, hour, minute, meeting.timeZone);
    const end = new TZDate(start.getTime() + meeting.durationMinutes * 60_000, meeting.timeZone);
    calendar.createEvent({ ...common, timezone: meeting.timeZone, start, end });
  }
  for (const period of input.surveys) {
    calendar.createEvent({
      // The period's first day names it: a scheduled period that gets opened keeps its event.
      id: `survey-${input.organizationId}-${period.opens}@${input.host}`,
      allDay: true,
      start: midnightUtc(period.opens),
      end: midnightUtc(addDays(period.closes, 1)),
      summary: t("surveyTitle", { employer: input.employer }),
      description: t("surveyDescription"),
      stamp: input.now,
    });
  }
  return calendar.toString();
}

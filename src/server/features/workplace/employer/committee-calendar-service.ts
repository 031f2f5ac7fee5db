import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { newYorkDay } from "../../../../shared/acts/new-york-time.js";
import type { Language } from "../../../../shared/constants.js";
import { isLanguage, DEFAULT_LANGUAGE } from "../../../../shared/i18n/languages.js";
import type { CalendarLink } from "../../../../shared/schemas/compliance.js";
import { upcomingSurveyPeriods } from "../../../../shared/workplace/survey-schedule.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import { allMeetings, findMeeting, type MeetingRow } from "./committee-admin-repository.js";
import { committeeCalendar, type CalendarMeeting, type CalendarSurveyPeriod } from "./committee-calendar.js";
import * as repo from "./committee-calendar-repository.js";
import { requireComplianceAccess } from "./compliance-access.js";

/** 32 random bytes: 43 characters of base64url, as the feed's address schema expects. */
const TOKEN_BYTES = 32;
const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

const feedUrl = (appUrl: string, token: string) => `${appUrl}/api/calendar/${token}.ics`;

/** A calendar application subscribes to webcal:// (the same address); a browser downloads the https one. */
const linksOf = (appUrl: string, token: string): CalendarLink => {
  const url = feedUrl(appUrl, token);
  return { url, subscribeUrl: url.replace(/^https?:\/\//, "webcal://") };
};

const asCalendarMeeting = (row: MeetingRow): CalendarMeeting => ({
  id: row.id,
  title: row.title,
  date: row.meeting_date,
  time: row.starts_at,
  durationMinutes: row.duration_minutes,
  location: row.location,
  timeZone: row.time_zone,
  keyDecisions: row.key_decisions,
  sequence: row.sequence,
  cancelled: row.cancelled_at !== null,
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
});

/**
 * A member's own calendar link: made (or replaced, which ends the old one)
 * by whoever runs the committee area, shown once, kept only as its hash.
 * The feed is written in the language of the person who made it.
 */
export async function createCalendarLink(
  db: Kysely<DB>,
  appUrl: string,
  userId: string,
  organizationId: string,
  memberId: string,
  language: Language,
): Promise<CalendarLink> {
  await requireComplianceAccess(db, userId, organizationId);
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  if (!(await repo.saveFeed(db, organizationId, memberId, hashOf(token), language))) throw new AppError("not_found");
  return linksOf(appUrl, token);
}

export async function revokeCalendarLink(db: Kysely<DB>, userId: string, organizationId: string, memberId: string): Promise<void> {
  await requireComplianceAccess(db, userId, organizationId);
  if (!(await repo.deleteFeed(db, organizationId, memberId))) throw new AppError("not_found");
}

/** The periods a committee member may plan around: every one opened, and the next ones the rhythm schedules. */
async function surveyPeriodsOf(db: Kysely<DB>, organizationId: string, started: Date, now: Date): Promise<CalendarSurveyPeriod[]> {
  const opened = (await repo.openedSurveyPeriods(db, organizationId)).map((s) => ({ opens: s.period_start, closes: s.period_end }));
  const openedDays = new Set(opened.map((p) => p.opens));
  const scheduled = upcomingSurveyPeriods(newYorkDay(now), newYorkDay(started)).filter((p) => !openedDays.has(p.opens));
  return [...opened, ...scheduled];
}

/** What a calendar reads at a member's link: every meeting (cancelled ones marked) and the survey periods. */
export async function committeeFeed(db: Kysely<DB>, appUrl: string, feed: string, now = new Date()): Promise<string> {
  const token = feed.replace(/\.ics$/, "");
  const found = await repo.findFeed(db, hashOf(token));
  // A revoked link, a replaced one and a member whose term ended answer alike.
  if (!found) throw new AppError("not_found");
  const employer = await repo.employerOf(db, found.organization_id);
  return committeeCalendar({
    host: new URL(appUrl).host,
    organizationId: found.organization_id,
    employer: employer.name,
    language: isLanguage(found.language) ? found.language : DEFAULT_LANGUAGE,
    meetings: (await allMeetings(db, found.organization_id)).map(asCalendarMeeting),
    surveys: await surveyPeriodsOf(db, found.organization_id, new Date(employer.created_at), now),
    now,
  });
}

/** One meeting as a calendar file, for whoever runs the committee area to add or send. */
export async function meetingCalendar(
  db: Kysely<DB>,
  appUrl: string,
  userId: string,
  organizationId: string,
  meetingId: string,
  language: Language,
  now = new Date(),
): Promise<string> {
  await requireComplianceAccess(db, userId, organizationId);
  const meeting = await findMeeting(db, organizationId, meetingId);
  if (!meeting) throw new AppError("not_found");
  const employer = await repo.employerOf(db, organizationId);
  return committeeCalendar({
    host: new URL(appUrl).host,
    organizationId,
    employer: employer.name,
    language,
    meetings: [asCalendarMeeting(meeting)],
    surveys: [],
    now,
  });
}

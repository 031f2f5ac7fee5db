import { notificationKind } from "../../../shared/schemas/notifications.js";
import { EMAILS } from "./emails.js";
import type { Language } from "../../../shared/i18n/languages.js";
import type { Kysely } from "kysely";
import { newYorkDay, nextNewYorkMidnight } from "../../../shared/acts/new-york-time.js";
import type { StreakReminderInput } from "../../../shared/schemas/notifications.js";
import { translate } from "../../../shared/i18n/translate.js";
import { AppError } from "../../kernel/app-error.js";
import type { DB } from "../../platform/db/schema.js";
import { formatDay, formatDeadline } from "../../platform/format/quebec-dates.js";
import { accountEmail } from "../../platform/mail/account-emails.js";
import type { Notice, Notifier } from "../../platform/notify/notifier.js";
import * as repo from "./streak-reminders-repository.js";
import { isKnownTimeZone } from "../../platform/db/time-zones.js";

/** Off until it is offered after an act and taken (reminder-offers.ts). */
export const STREAK_REMINDER_KIND = notificationKind("streakReminder", { push: false, email: false });

/** How long "Remind me in an hour" waits. */
export const SNOOZE_MS = 60 * 60 * 1000;

export async function saveStreakReminder(db: Kysely<DB>, userId: string, input: StreakReminderInput): Promise<void> {
  if (!(await isKnownTimeZone(db, input.timeZone)))
    throw new AppError("invalid_input", { field: "timeZone", messageKey: "notificationErrors.timeZone" });
  await repo.saveReminder(db, userId, input.hour, input.timeZone);
}

export async function snoozeStreakReminder(db: Kysely<DB>, userId: string, now: Date): Promise<{ until: string }> {
  const until = new Date(now.getTime() + SNOOZE_MS);
  if (!(await repo.snoozeReminder(db, userId, until, newYorkDay(now))))
    throw new AppError("not_found", { messageKey: "notificationErrors.nothingToSnooze" });
  return { until: until.toISOString() };
}

/**
 * The reminder: the streak at stake and when today ends in the reader's own
 * time zone (the streak's day is New York's), a word on a freeze that would
 * cover today, and a snooze on the push.
 */
export function streakReminderNotice(reminder: repo.ClaimedReminder, now: Date): Notice {
  const words = (language: Language) => {
    const vars = {
      count: reminder.current_streak,
      deadline: formatDeadline(language, nextNewYorkMidnight(now), now, reminder.time_zone),
    };
    const title = translate(language, "notices.streakReminder.title", vars);
    const body = translate(language, "notices.streakReminder.body", vars);
    const freeze = reminder.freezes_left > 0 ? ` ${translate(language, "notices.streakReminder.freeze")}` : "";
    return { title, body: body + freeze, vars };
  };
  return {
    kind: STREAK_REMINDER_KIND.name,
    push: (language) => ({
      ...words(language),
      url: "/scan-qr",
      tag: "streak-reminder",
      actions: [{ action: "snooze", title: translate(language, "notices.streakReminder.snooze") }],
    }),
    email: ({ language, to, username, appUrl }) => {
      const { vars } = words(language);
      return accountEmail(
        EMAILS.streakReminder,
        language,
        to,
        { username, count: String(vars.count), deadline: vars.deadline },
        `${appUrl}/scan-qr`,
      );
    },
  };
}

/**
 * "A freeze kept your 12-day streak": told the morning after a missed day a
 * freeze covered, on the channels of the streak reminder (issue 60 §3).
 */
export function freezeUsedNotice(claim: repo.ClaimedFreezeNotice): Notice {
  const words = (language: Language) => {
    const vars = {
      count: claim.current_streak,
      day: formatDay(language, new Date(`${claim.covered_day}T12:00:00Z`)),
      left: claim.freezes_left,
    };
    const left = translate(language, "notices.freezeUsed.left", { count: claim.freezes_left });
    return {
      title: translate(language, "notices.freezeUsed.title", vars),
      body: `${translate(language, "notices.freezeUsed.body", vars)} ${left}`,
      vars,
      left,
    };
  };
  return {
    kind: STREAK_REMINDER_KIND.name,
    push: (language) => {
      const { title, body } = words(language);
      return { title, body, url: "/", tag: "streak-freeze" };
    },
    email: ({ language, to, username, appUrl }) => {
      const { vars, left } = words(language);
      return accountEmail(
        EMAILS.freezeUsed,
        language,
        to,
        { username, count: String(vars.count), day: vars.day, left },
        `${appUrl}/scan-qr`,
      );
    },
  };
}

/** Tells each person whose freeze covered yesterday, once; returns how many were told. */
export async function sendFreezeNotices(deps: { db: Kysely<DB>; notifier: Notifier }, now = new Date()): Promise<number> {
  const claimed = await repo.claimFreezeNotices(deps.db, now, newYorkDay(now));
  for (const claim of claimed) await deps.notifier.notify(claim.user_id, freezeUsedNotice(claim));
  return claimed.length;
}

/** Sends the reminders due now and the snoozed ones whose hour has come; returns how many were sent. */
export async function sendStreakReminders(deps: { db: Kysely<DB>; notifier: Notifier }, now = new Date()): Promise<number> {
  const today = newYorkDay(now);
  const claimed = [...(await repo.claimDueReminders(deps.db, now, today)), ...(await repo.claimSnoozedReminders(deps.db, now, today))];
  for (const reminder of claimed) await deps.notifier.notify(reminder.user_id, streakReminderNotice(reminder, now));
  return claimed.length;
}

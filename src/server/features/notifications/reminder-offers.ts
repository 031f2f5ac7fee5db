import type { Kysely } from "kysely";
import { newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { ReminderOfferAnswer } from "../../../shared/schemas/notifications.js";
import { AppError } from "../../kernel/app-error.js";
import type { DB } from "../../platform/db/schema.js";
import { isKnownTimeZone } from "../../platform/db/time-zones.js";
import * as repo from "./reminder-offers-repository.js";
import { saveChoice, listChoices } from "./notifications-repository.js";
import { saveReminder } from "./streak-reminders-repository.js";

/** A streak's day on which the offer comes back once, after one "not now". */
export const SECOND_OFFER_STREAK = 2;
/** After this many "not now", the offer is never made again. */
export const MAX_DECLINES = 2;

/**
 * Whether the reveal of an act just recorded offers "Remind me tomorrow
 * around this time?" (docs/design.md, "Coming back"). Only right after an act
 * of today; never to someone whose reminder is on or who took the offer once
 * (they chose since); after one "not now", once more when a streak reaches its
 * 2nd day, on a later day; after two, never.
 */
export async function reminderOffered(db: Kysely<DB>, userId: string, now: Date): Promise<boolean> {
  const today = newYorkDay(now);
  const [{ totals, answers }, choices] = await Promise.all([repo.offerState(db, userId), listChoices(db, userId)]);
  if (!totals || totals.last_act_day !== today) return false;
  if (choices.some((choice) => choice.kind === "streakReminder" && choice.enabled)) return false;
  if (answers?.accepted_at) return false;
  const declines = answers?.declines ?? 0;
  if (declines === 0) return true;
  if (declines >= MAX_DECLINES) return false;
  return totals.current_streak >= SECOND_OFFER_STREAK && answers!.last_declined_day! < today;
}

/** "Yes": the reminder at the hour given, in the device's zone, on the channel the device could take, in one transaction. */
export async function acceptReminderOffer(db: Kysely<DB>, userId: string, answer: ReminderOfferAnswer, now: Date): Promise<void> {
  if (!(await isKnownTimeZone(db, answer.timeZone)))
    throw new AppError("invalid_input", { field: "timeZone", messageKey: "notificationErrors.timeZone" });
  await db.transaction().execute(async (trx) => {
    await saveReminder(trx, userId, answer.hour, answer.timeZone);
    await saveChoice(trx, userId, "streakReminder", answer.channel, true);
    await repo.recordAcceptance(trx, userId, now);
  });
}

/** "Not now": remembered, so that the offer does not come back tomorrow. */
export async function declineReminderOffer(db: Kysely<DB>, userId: string, now: Date): Promise<void> {
  await repo.recordDecline(db, userId, newYorkDay(now));
}

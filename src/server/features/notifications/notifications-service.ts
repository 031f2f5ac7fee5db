import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { languageFromTag } from "../../../shared/i18n/languages.js";
import {
  type ChannelChoices,
  type NotificationChoice,
  type NotificationKind,
  type NotificationSettings,
  type PushSubscriptionInput,
} from "../../../shared/schemas/notifications.js";
import { AppError } from "../../kernel/app-error.js";
import { inBackground } from "../../http/after-response.js";
import type { DB } from "../../platform/db/schema.js";
import type { Mailer } from "../../platform/mail/mailer.js";
import type { PushSender } from "../../platform/push/web-push-sender.js";
import type { LimitInStatement } from "../../platform/rate-limit/rate-limit-rules.js";
import * as repo from "./notifications-repository.js";
import { withEmailChoices, type Sealer } from "./email-choices.js";
import { findReminder } from "./streak-reminders-repository.js";
import type { NotificationKinds } from "../../platform/notify/notification-kinds.js";
import type { Notifier } from "../../platform/notify/notifier.js";

/**
 * A person's choices: what they ticked, the defaults for the rest; and the
 * kinds whose email still waits on push (`emailUntilPush`, email not chosen).
 * A choice of a kind no feature declares any more is left out.
 */
async function choicesOf(
  db: Kysely<DB>,
  known: NotificationKinds,
  userId: string,
): Promise<{ kinds: Record<NotificationKind, ChannelChoices>; emailUntilPush: NotificationKind[] }> {
  const kinds = known.defaults();
  const untilPush = new Set(known.list.filter((spec) => spec.emailUntilPush).map((spec) => spec.name));
  for (const row of await repo.listChoices(db, userId)) {
    if (!Object.hasOwn(kinds, row.kind)) continue;
    kinds[row.kind]![row.channel] = row.enabled;
    if (row.channel === "email") untilPush.delete(row.kind);
  }
  return { kinds, emailUntilPush: [...untilPush] };
}

export async function notificationSettings(db: Kysely<DB>, known: NotificationKinds, userId: string): Promise<NotificationSettings> {
  const [{ kinds, emailUntilPush }, pushDevices, reminder] = await Promise.all([
    choicesOf(db, known, userId),
    repo.countDevices(db, userId),
    findReminder(db, userId),
  ]);
  return { kinds, pushDevices, reminder: reminder ? { hour: reminder.local_hour, timeZone: reminder.time_zone } : null, emailUntilPush };
}

export async function saveNotificationChoice(
  db: Kysely<DB>,
  known: NotificationKinds,
  userId: string,
  choice: NotificationChoice,
): Promise<NotificationSettings> {
  known.check(choice.kind);
  await repo.saveChoice(db, userId, choice.kind, choice.channel, choice.enabled);
  return notificationSettings(db, known, userId);
}

/** Phones, tablets and browsers one person may receive pushes on. */
export const DEVICES_PER_PERSON = 10;

/** This device may now receive pushes for this person (within the limit `limit` counts with it). */
export async function subscribeDevice(
  db: Kysely<DB>,
  push: Pick<PushSender, "accepts">,
  userId: string,
  subscription: PushSubscriptionInput,
  limit: LimitInStatement | null,
): Promise<void> {
  if (!push.accepts(subscription.endpoint))
    throw new AppError("invalid_input", { field: "endpoint", messageKey: "notificationErrors.pushEndpoint" });
  const hit = await repo.saveDevice(
    db,
    { id: randomUUID(), user_id: userId, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
    DEVICES_PER_PERSON,
    limit,
  );
  limit?.check(hit);
}

export async function unsubscribeDevice(db: Kysely<DB>, userId: string, endpoint: string): Promise<void> {
  await repo.deleteDevice(db, userId, endpoint);
}

export function createNotifier(deps: {
  db: Kysely<DB>;
  mailer: Mailer;
  push: PushSender;
  /** Seals each email's one-tap links (pause, stop) to its person and kind. */
  sealer: Sealer;
  appUrl: string;
  log: (line: string) => void;
  kinds: NotificationKinds;
}): Notifier {
  const { db, mailer, push, sealer, appUrl, log, kinds: known } = deps;
  const failed = (what: string) => (error: unknown) => log(`${what} failed: ${(error as Error).name}: ${(error as Error).message}`);
  const notifier: Notifier = {
    kinds: known,
    notifyInBackground(recipients) {
      inBackground(async () => {
        for (const { userId, notice } of recipients) await notifier.notify(userId, notice);
      }, failed("notices"));
    },
    async notify(userId, notice, { strict = false } = {}) {
      const outcome = { pushed: 0, emailed: false };
      try {
        const recipient = await repo.findRecipient(db, userId);
        if (!recipient || recipient.deletion_requested_at || recipient.suspended_at) return outcome;
        const { kinds, emailUntilPush } = await choicesOf(db, known, userId);
        const choices = kinds[notice.kind];
        // A notice of a kind no feature declared is a mistake in the code: said in the log, sent nowhere.
        if (!choices) throw new Error(`no feature declares the notification kind "${notice.kind}"`);
        const language = languageFromTag(recipient.language_preference);
        // Whether a push reaches this person for this kind: what "email until push" waits on.
        let pushReaches = false;
        if (choices.push) {
          const devices = await repo.listDevices(db, userId);
          pushReaches = devices.length > 0;
          const payload = notice.push ? JSON.stringify(notice.push(language)) : null;
          const results = payload
            ? await Promise.all(devices.map(async (device) => ({ device, result: await push.send(device, payload) })))
            : [];
          for (const { device, result } of results) {
            if (result === "gone") await repo.forgetDevice(db, device.id);
            if (result === "sent") {
              outcome.pushed += 1;
              await repo.markDeviceReached(db, device.id);
            }
          }
        }
        // A digest (no push of its own) waits on push as its news did: each reached a device already.
        const emailWaitsOnPush = emailUntilPush.includes(notice.kind) && (notice.push ? outcome.pushed > 0 : pushReaches);
        if (choices.email && notice.email && !emailWaitsOnPush && !(await repo.emailPaused(db, userId, notice.kind, new Date()))) {
          const email = notice.email({ language, to: recipient.email, username: recipient.username, appUrl });
          await mailer.send(withEmailChoices(email, sealer, appUrl, { userId, kind: notice.kind, language }));
          outcome.emailed = true;
        }
      } catch (error) {
        // A queued notice (platform/jobs/task-queue.ts) is tried again: its failure goes to the queue.
        if (strict) throw error;
        failed(`${notice.kind} notice`)(error);
      }
      return outcome;
    },
  };
  return notifier;
}

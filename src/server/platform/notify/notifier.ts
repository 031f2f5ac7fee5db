import type { Language } from "../../../shared/constants.js";
import type { NotificationKind, PushPayload } from "../../../shared/schemas/notifications.js";
import type { MailMessage } from "../mail/mailer.js";
import type { NotificationKinds } from "./notification-kinds.js";

/*
 * The notifier, as the features that tell people things see it: a notice
 * and who receives it. The notifications feature makes it (its
 * `createNotifier`, with the choices and devices it keeps); the app hands it
 * to every feature's routes, jobs and tasks (bootstrap.ts), so a feature
 * that tells people something never imports the notifications feature.
 */

/**
 * One notice, as each channel shows it, in the recipient's language. The
 * push is short (a phone shows two lines); the email may say more.
 */
export interface Notice {
  kind: NotificationKind;
  /** None for a notice that is an email only (a digest of news each pushed already). */
  push?(language: Language): PushPayload;
  /** None when the kind's email is sent otherwise (a winner's prize email always goes). */
  email?(recipient: { language: Language; to: string; username: string; appUrl: string }): MailMessage;
}

export interface Notifier {
  /** Every kind the features declared: the settings' list and defaults. */
  readonly kinds: NotificationKinds;
  /**
   * Tells one person, on the channels they chose for this kind: a push to
   * each of their devices (a device whose push service says it is gone is
   * forgotten) and an email. Nothing for an account being deleted or
   * suspended. Never throws: a push service or mail server that fails is
   * logged, and the notice is in the app anyway; but with `strict` (a queued
   * notice, tried again until it is delivered), it throws.
   */
  notify(userId: string, notice: Notice, options?: { strict?: boolean }): Promise<{ pushed: number; emailed: boolean }>;
  /** Tells many people, one after the other, without the caller waiting (a contest's entrants). */
  notifyInBackground(recipients: { userId: string; notice: Notice }[]): void;
}

/** What routes that tell people things receive (bootstrap.ts composes it into AppDeps). */
export interface NotifierDeps {
  /** Tells a person something on the channels they chose. */
  notifier: Notifier;
}

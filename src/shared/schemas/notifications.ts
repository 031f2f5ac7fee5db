import { z } from "zod/mini";
import { text, maxLength } from "./text.js";
import { timeZone } from "./time-zone.js";

/**
 * What Kindly may tell a person, each kind on its own: in the app always (live,
 * on their pages), and on the channels they choose. Each feature declares the
 * kinds it sends (platform/feature.ts) with their defaults, what a person who
 * never opened the settings gets (docs/design.md, "Coming back"): a thank-you
 * and a card's travels reach them on the channel they have — by push on a
 * device that takes it, by email until one does (`emailUntilPush`: while the
 * person has not chosen otherwise, the email goes only when no push reached
 * one of their devices); the streak reminder is off until it is offered after
 * an act and taken; contest results and a team's reached challenge are a push.
 * The settings page lists the kinds the server answers with, in its order,
 * named by `notifications.kinds.<name>` in the web's messages.
 */
export interface NotificationKindSpec {
  name: string;
  push: boolean;
  email: boolean;
  emailUntilPush?: true;
}

/** A kind's name, as a feature declared it (the server refuses a name no feature declared). */
export type NotificationKind = string;

/** Declares a kind of notification with its default channels. */
export const notificationKind = (name: string, defaults: Omit<NotificationKindSpec, "name">): NotificationKindSpec => ({
  name,
  ...defaults,
});

/** The page where a person chooses what Kindly tells them, linked from the profile and from every notification. */
export const NOTIFICATION_SETTINGS_PATH = "/settings/notifications";

export const NOTIFICATION_CHANNELS = ["push", "email"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export type ChannelChoices = Record<NotificationChannel, boolean>;

const channelChoicesSchema = z.object({ push: z.boolean(), email: z.boolean() });

export const notificationSettingsSchema = z.object({
  /** Every kind the server knows, in the order the settings page lists them. */
  kinds: z.record(z.string(), channelChoicesSchema),
  /** How many of this person's devices receive pushes. */
  pushDevices: z.number(),
  /** The streak reminder's hour in the person's time zone, once chosen. */
  reminder: z.nullable(z.object({ hour: z.number(), timeZone: z.string() })),
  /** The kinds whose email still goes only while no push reaches a device (`emailUntilPush`, not chosen since). */
  emailUntilPush: z.array(z.string()),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** One choice at a time, as a box is ticked. */
export const notificationChoiceSchema = z.object({
  kind: text().check(maxLength(40)),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type NotificationChoice = z.infer<typeof notificationChoiceSchema>;

/** The hour a streak reminder is asked for before the person picks one: early evening. */
export const DEFAULT_REMINDER_HOUR = 19;

/** The streak reminder's hour (0–23) in an IANA time zone, as the browser names it. */
export const streakReminderSchema = z.object({
  hour: z.number().check(z.int(), z.gte(0), z.lte(23)),
  timeZone: timeZone(),
});
export type StreakReminderInput = z.infer<typeof streakReminderSchema>;

/** Whether the reveal of an act offers the streak reminder (the server decides: reminder-offers.ts). */
export const reminderOfferSchema = z.object({ offered: z.boolean() });

/** "Remind me tomorrow around this time": the hour and zone of the device, and the channel it could take. */
export const reminderOfferAnswerSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS),
  hour: z.number().check(z.int(), z.gte(0), z.lte(23)),
  timeZone: timeZone(),
});
export type ReminderOfferAnswer = z.infer<typeof reminderOfferAnswerSchema>;

/** What an email's one-tap link asks (email-choices.ts): its kind's emails paused a week, stopped, or back on. */
export const EMAIL_CHOICE_ACTIONS = ["pause", "stop", "undo"] as const;
export type EmailChoiceAction = (typeof EMAIL_CHOICE_ACTIONS)[number];

/** A one-tap link's person, kind and seal, as its query string carries them (u, k, s). */
export const emailChoiceRefSchema = z.object({
  u: z.string().check(z.minLength(1), maxLength(100)),
  k: z.string().check(z.minLength(1), maxLength(40)),
  s: z.string().check(z.minLength(1), maxLength(100)),
});
export const emailChoiceSchema = z.object({ ...emailChoiceRefSchema.shape, do: z.enum(EMAIL_CHOICE_ACTIONS) });
export type EmailChoiceInput = z.infer<typeof emailChoiceSchema>;

export const emailChoiceOutcomeSchema = z.object({
  kind: z.string(),
  state: z.enum(["on", "paused", "stopped"]),
  until: z.nullable(z.string()),
});
export type EmailChoiceOutcome = z.infer<typeof emailChoiceOutcomeSchema>;

export const snoozeAnswerSchema = z.object({ until: z.string() });

/** A key as the Push API gives it: unpadded base64url. */
const base64url = (min: number, max: number) =>
  z.string().check(z.minLength(min), maxLength(max), z.regex(/^[A-Za-z0-9_-]+={0,2}$/, "validation.invalid"));

/** PushSubscription.toJSON(), as a browser hands it over. */
export const pushSubscriptionSchema = z.object({
  /** A browser push service's address: https on port 443 at FCM, Mozilla, Apple or Windows, or a service the operator added (the server decides). */
  endpoint: z.url({ protocol: /^https?$/ }).check(maxLength(2000)),
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret.
    p256dh: base64url(80, 100),
    auth: base64url(16, 30),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = z.object({ endpoint: text().check(maxLength(2000)) });

export const pushKeySchema = z.object({
  /** The VAPID public key (unpadded base64url), for PushManager.subscribe's applicationServerKey. */
  publicKey: z.string(),
});

/** What a push carries; the service worker shows it and opens `url` on a tap. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path inside Kindly. */
  url: string;
  /** A later notice with the same tag replaces the earlier one on the device. */
  tag: string;
  /** Buttons on the notification; the service worker knows each `action` ("snooze"). */
  actions?: { action: string; title: string }[];
}

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  notificationChoiceSchema,
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  snoozeAnswerSchema,
  streakReminderSchema,
} from "../../../shared/schemas/notifications.js";
import { okSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import { rateLimit, RULES } from "../../platform/rate-limit/rate-limit-rules.js";
import { notificationSettings, saveNotificationChoice, subscribeDevice, unsubscribeDevice } from "./notifications-service.js";
import { saveStreakReminder, snoozeStreakReminder } from "./streak-reminders.js";

/** A person's notification choices, and the devices that receive their pushes. */
export const notificationRoutes =
  ({ db, config, push, limiter }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { access: "signed-in" } as const;
    const ok = { ok: true as const };

    app.get("/push/key", { config: { access: "anyone" }, schema: { response: { 200: pushKeySchema } } }, () => ({
      publicKey: push.publicKey,
    }));

    app.get("/me/notifications/settings", { config: signedIn, schema: { response: { 200: notificationSettingsSchema } } }, (request) =>
      notificationSettings(db, request.userId!),
    );

    app.put(
      "/me/notifications/settings",
      { config: signedIn, schema: { body: notificationChoiceSchema, response: { 200: notificationSettingsSchema } } },
      (request) => saveNotificationChoice(db, request.userId!, request.body),
    );

    app.put(
      "/me/notifications/reminder",
      { config: signedIn, schema: { body: streakReminderSchema, response: { 200: notificationSettingsSchema } } },
      async (request) => {
        await saveStreakReminder(db, request.userId!, request.body);
        return notificationSettings(db, request.userId!);
      },
    );

    // "Remind me in an hour", from the notification's button or the home page.
    app.post("/me/notifications/reminder/snooze", { config: signedIn, schema: { response: { 200: snoozeAnswerSchema } } }, (request) =>
      snoozeStreakReminder(db, request.userId!, new Date()),
    );

    app.post(
      "/me/push-subscriptions",
      {
        config: signedIn,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, RULES.pushSubscribe),
        schema: { body: pushSubscriptionSchema, response: { 201: okSchema } },
      },
      async (request, reply) => {
        await subscribeDevice(db, push, request.userId!, request.body);
        return reply.status(201).send(ok);
      },
    );

    app.delete(
      "/me/push-subscriptions",
      { config: signedIn, schema: { body: pushUnsubscribeSchema, response: { 200: okSchema } } },
      async (request) => {
        await unsubscribeDevice(db, request.userId!, request.body.endpoint);
        return ok;
      },
    );
  };

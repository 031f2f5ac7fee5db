import { notificationsLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  notificationChoiceSchema,
  notificationSettingsSchema,
  pushKeySchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
  emailChoiceOutcomeSchema,
  emailChoiceRefSchema,
  emailChoiceSchema,
  reminderOfferAnswerSchema,
  reminderOfferSchema,
  snoozeAnswerSchema,
  streakReminderSchema,
} from "../../../shared/schemas/notifications.js";
import { okSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import { limitInStatement } from "../../platform/rate-limit/rate-limit-rules.js";
import { notificationSettings, saveNotificationChoice, subscribeDevice, unsubscribeDevice } from "./notifications-service.js";
import { saveStreakReminder, snoozeStreakReminder } from "./streak-reminders.js";
import { applyEmailChoice } from "./email-choices.js";
import type { NotifierDeps } from "../../platform/notify/notifier.js";
import { acceptReminderOffer, declineReminderOffer, reminderOffered } from "./reminder-offers.js";

/** A person's notification choices, and the devices that receive their pushes. */
export const notificationRoutes =
  ({ db, config, push, limiter, signer, notifier }: HttpDeps & NotifierDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // A mail app's one-click unsubscribe posts a form (RFC 8058): its one field says only that.
    app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const signedIn = { access: "signed-in" } as const;
    // The kinds are the features' (declared at the start): the API's document and its check name each one.
    const kindNames = notifier.kinds.list.map((kind) => kind.name) as [string, ...string[]];
    const choiceSchema = z.object({ ...notificationChoiceSchema.shape, kind: z.enum(kindNames) });
    const ok = { ok: true as const };

    app.get("/push/key", { config: { access: "anyone" }, schema: { response: { 200: pushKeySchema } } }, () => ({
      publicKey: push.publicKey,
    }));

    app.get("/me/notifications/settings", { config: signedIn, schema: { response: { 200: notificationSettingsSchema } } }, (request) =>
      notificationSettings(db, notifier.kinds, request.userId!),
    );

    app.put(
      "/me/notifications/settings",
      { config: signedIn, schema: { body: choiceSchema, response: { 200: notificationSettingsSchema } } },
      (request) => saveNotificationChoice(db, notifier.kinds, request.userId!, request.body),
    );

    app.put(
      "/me/notifications/reminder",
      { config: signedIn, schema: { body: streakReminderSchema, response: { 200: notificationSettingsSchema } } },
      async (request) => {
        await saveStreakReminder(db, request.userId!, request.body);
        return notificationSettings(db, notifier.kinds, request.userId!);
      },
    );

    // "Remind me in an hour", from the notification's button or the home page.
    app.post("/me/notifications/reminder/snooze", { config: signedIn, schema: { response: { 200: snoozeAnswerSchema } } }, (request) =>
      snoozeStreakReminder(db, request.userId!, new Date()),
    );

    // The streak reminder offered on the reveal of an act: asked, taken, or "not now".
    app.get("/me/reminder-offer", { config: signedIn, schema: { response: { 200: reminderOfferSchema } } }, async (request) => ({
      offered: await reminderOffered(db, request.userId!, new Date()),
    }));
    app.post(
      "/me/reminder-offer",
      { config: signedIn, schema: { body: reminderOfferAnswerSchema, response: { 200: notificationSettingsSchema } } },
      async (request) => {
        await acceptReminderOffer(db, request.userId!, request.body, new Date());
        return notificationSettings(db, notifier.kinds, request.userId!);
      },
    );
    app.post("/me/reminder-offer/decline", { config: signedIn, schema: { response: { 200: okSchema } } }, async (request) => {
      await declineReminderOffer(db, request.userId!, new Date());
      return ok;
    });

    // An email's one-tap links (pause a week, stop, undo): no sign-in, the link's seal is the proof.
    app.post(
      "/email-choices",
      { config: { access: "anyone" }, schema: { body: emailChoiceSchema, response: { 200: emailChoiceOutcomeSchema } } },
      (request) => {
        const { u, k, s, do: action } = request.body;
        return applyEmailChoice(db, notifier.kinds, signer, { user: u, kind: k, seal: s }, action, new Date());
      },
    );
    // The mail app's own "Unsubscribe" (List-Unsubscribe-Post): a POST to the address in the header, which stops that kind's emails.
    app.post(
      "/email-choices/one-click",
      { config: { access: "anyone" }, schema: { querystring: emailChoiceRefSchema, response: { 200: emailChoiceOutcomeSchema } } },
      (request) => {
        const { u, k, s } = request.query;
        return applyEmailChoice(db, notifier.kinds, signer, { user: u, kind: k, seal: s }, "stop", new Date());
      },
    );

    app.post(
      "/me/push-subscriptions",
      // Its limit is counted by the statement that saves the device (rate-limit-rules.ts, limitInStatement).
      { config: signedIn, schema: { body: pushSubscriptionSchema, response: { 201: okSchema } } },
      async (request, reply) => {
        const limit = await limitInStatement(limiter, config.RATE_LIMIT_SCALE, notificationsLimits.pushSubscribe, request);
        await subscribeDevice(db, push, request.userId!, request.body, limit);
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

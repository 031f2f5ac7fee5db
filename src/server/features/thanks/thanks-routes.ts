import { moderationLimits } from "../moderation/index.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, reportInputSchema } from "../../../shared/schemas/community.js";
import { okSchema } from "../../../shared/schemas/responses.js";
import { actIdParamsSchema, receivedThanksSchema, thanksInputSchema, thanksStatusSchema } from "../../../shared/schemas/thanks.js";
import type { HttpDeps } from "../../http/deps.js";
import { reportContent } from "../moderation/index.js";
import { thanksModeration } from "./moderated-content.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { assertMayReportThanks, receivedThanks, sendThanks, thanksStatus } from "./thanks-service.js";

/** Thanks back to the giver (issue 26 §4). Everything here is the signed-in person's own. */
export const thanksRoutes =
  ({ db, config, eventsChannel, limiter, tasks }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { access: "signed-in" } as const;
    const ok = { ok: true as const };

    app.get(
      "/me/acts/:actId/thanks",
      { config: signedIn, schema: { params: actIdParamsSchema, response: { 200: thanksStatusSchema } } },
      (request) => thanksStatus(db, request.userId!, request.params.actId),
    );

    app.post(
      "/me/acts/:actId/thanks",
      // Its limit (THANKS_PER_DAY) is counted in the database, under the sender's lock (thanks-service.ts).
      { config: signedIn, schema: { params: actIdParamsSchema, body: thanksInputSchema, response: { 201: okSchema } } },
      async (request, reply) => {
        await sendThanks({ db, eventsChannel, tasks }, request.userId!, request.params.actId, request.body);
        // The giver's notice was queued with the thanks: this process delivers it now (any other, after a crash).
        tasks.kick();
        return reply.status(201).send(ok);
      },
    );

    app.get("/me/thanks", { config: signedIn, schema: { response: { 200: receivedThanksSchema } } }, (request) =>
      receivedThanks(db, request.userId!),
    );

    app.post(
      "/thanks/:id/reports",
      {
        config: signedIn,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, moderationLimits.reports),
        schema: { params: idParamsSchema, body: reportInputSchema, response: { 200: okSchema } },
      },
      async (request) => {
        await assertMayReportThanks(db, request.params.id, request.userId!);
        await reportContent(db, request.userId!, { type: "thanks", id: request.params.id }, request.body, thanksModeration);
        return ok;
      },
    );
  };

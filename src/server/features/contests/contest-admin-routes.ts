import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { adminContestListSchema, contestInputSchema } from "../../../shared/schemas/admin.js";
import { noContentSchema } from "../../../shared/schemas/responses.js";
import { text, maxLength } from "../../../shared/schemas/text.js";
import type { HttpDeps } from "../../http/deps.js";
import type { NotifierDeps } from "../../platform/notify/notifier.js";
import { createContest, drawContest, listContests, mailWinners, setContacted, updateContest } from "./contest-admin-service.js";

const official = { access: "official" } as const;
const contestParams = z.object({ contestId: text().check(z.minLength(1), maxLength(100)) });
const winnerParams = z.extend(contestParams, { drawOrder: z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000)) });

/** The admin panel's Contests tab (official account only). */
export const contestAdminRoutes =
  ({ db, mailer, notifier, config }: HttpDeps & NotifierDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const drawDeps = { db, mailer, notifier, appUrl: config.APP_URL, graceMs: config.CONTEST_DRAW_GRACE_SECONDS * 1000 };

    app.get("/admin/contests", { config: official, schema: { response: { 200: adminContestListSchema } } }, async () => ({
      contests: await listContests(db),
    }));
    app.post(
      "/admin/contests",
      { config: official, schema: { body: contestInputSchema, response: { 201: z.object({ id: z.string() }) } } },
      async (request, reply) => reply.status(201).send(await createContest(db, request.body)),
    );
    app.put(
      "/admin/contests/:contestId",
      { config: official, schema: { params: contestParams, body: contestInputSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await updateContest(db, request.params.contestId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/admin/contests/:contestId/draw",
      { config: official, schema: { params: contestParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await drawContest(drawDeps, request.params.contestId);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/admin/contests/:contestId/mail-winners",
      { config: official, schema: { params: contestParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await mailWinners(drawDeps, request.params.contestId);
        return reply.status(204).send(null);
      },
    );
    app.put(
      "/admin/contests/:contestId/winners/:drawOrder/contacted",
      {
        config: official,
        schema: { params: winnerParams, body: z.object({ contacted: z.boolean() }), response: { 204: noContentSchema } },
      },
      async (request, reply) => {
        await setContacted(db, request.userId!, request.params.contestId, request.params.drawOrder, request.body.contacted);
        return reply.status(204).send(null);
      },
    );
  };

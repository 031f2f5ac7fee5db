import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  ADMIN_PAGE_SIZE,
  adminAnalyticsSchema,
  adminOrganizationListSchema,
  adminUserListSchema,
  analyticsQuerySchema,
  createOrganizationSchema,
  mailLogQuerySchema,
  manualActsResultSchema,
  manualActsSchema,
  manualBatchListSchema,
  overviewSchema,
  pageQuerySchema,
  systemSchema,
  userListQuerySchema,
} from "../../../shared/schemas/admin.js";
import { voidActInputSchema, voidActParamsSchema } from "../../../shared/schemas/anomalies.js";
import { noContentSchema } from "../../../shared/schemas/responses.js";
import { text, maxLength } from "../../../shared/schemas/text.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import * as admin from "./admin-service.js";
import { listManualBatches, recordManualActs, voidAct } from "../scan/index.js";

const official = { access: "official" } as const;
const userParams = z.object({ userId: text().check(z.minLength(1), maxLength(100)) });

/**
 * The admin panel's endpoints (/api/admin/...), for the official account
 * only: the "official" access rule refuses everyone else before a handler runs.
 * Voiding an act is here (the review queue's action); the acts engine does it.
 * (The Requests tab's endpoints live with the organisation requests; contests with contests.)
 */
export const adminRoutes =
  (deps: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;

    app.get("/admin/overview", { config: official, schema: { response: { 200: overviewSchema } } }, () => admin.overview(db));

    app.post(
      "/admin/manual-acts",
      { config: official, schema: { body: manualActsSchema, response: { 201: manualActsResultSchema } } },
      async (request, reply) => reply.status(201).send(await recordManualActs(deps, request.userId!, request.body)),
    );
    app.get(
      "/admin/manual-acts",
      { config: official, schema: { querystring: pageQuerySchema, response: { 200: manualBatchListSchema } } },
      async (request) => ({ page: request.query.page, ...(await listManualBatches(db, request.query.page, ADMIN_PAGE_SIZE)) }),
    );

    app.get(
      "/admin/organizations",
      { config: official, schema: { querystring: pageQuerySchema, response: { 200: adminOrganizationListSchema } } },
      async (request) => ({
        page: request.query.page,
        ...(await admin.listOrganizations(db, { ...request.query, pageSize: ADMIN_PAGE_SIZE })),
      }),
    );
    app.post(
      "/admin/organizations",
      { config: official, schema: { body: createOrganizationSchema, response: { 201: z.object({ id: z.string() }) } } },
      async (request, reply) => reply.status(201).send(await admin.createOrganization(db, request.userId!, request.body)),
    );

    app.get(
      "/admin/users",
      {
        config: official,
        schema: {
          querystring: userListQuerySchema,
          response: { 200: adminUserListSchema },
        },
      },
      async (request) => ({ page: request.query.page, ...(await admin.listUsers(db, { ...request.query, pageSize: ADMIN_PAGE_SIZE })) }),
    );
    app.post(
      "/admin/users/:userId/suspend",
      { config: official, schema: { params: userParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await admin.setSuspended(deps, request.params.userId, true);
        return reply.status(204).send(null);
      },
    );
    app.post(
      "/admin/users/:userId/restore",
      { config: official, schema: { params: userParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await admin.setSuspended(deps, request.params.userId, false);
        return reply.status(204).send(null);
      },
    );

    app.get(
      "/admin/analytics",
      { config: official, schema: { querystring: analyticsQuerySchema, response: { 200: adminAnalyticsSchema } } },
      (request) => admin.analytics(db, request.query.days),
    );

    app.get(
      "/admin/system",
      { config: official, schema: { querystring: mailLogQuerySchema, response: { 200: systemSchema } } },
      (request) => admin.system(deps, { failedOnly: request.query.failedOnly === "true" }),
    );

    // Voiding an act, from the anomaly review queue: the acts engine undoes its counts.
    app.post(
      "/admin/acts/:actId/void",
      { config: official, schema: { params: voidActParamsSchema, body: voidActInputSchema, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await voidAct(deps, request.userId!, request.params.actId, request.body.reason);
        return reply.status(204).send(null);
      },
    );
  };

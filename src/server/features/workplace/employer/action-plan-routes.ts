import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  actionInputSchema,
  actionPlanSchema,
  actionTransitionSchema,
  publicationInputSchema,
} from "../../../../shared/schemas/compliance.js";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import * as actionPlan from "./action-plan-service.js";
import { COMPLIANCE_BASE as base, signedIn, part, created, none, type ComplianceRouteDeps } from "./compliance-route-parts.js";

/** The action plan, and "You said, we did" publications. */
export const actionPlanRoutes =
  ({ db }: ComplianceRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${base}/actions`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: actionPlanSchema } } },
      (request) => actionPlan.actionPlan(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/actions`,
      { config: signedIn, schema: { params: organizationIdParams, body: actionInputSchema, response: created } },
      async (request, reply) =>
        reply.status(201).send(await actionPlan.createAction(db, request.userId!, request.params.organizationId, request.body)),
    );
    app.put(
      `${base}/actions/:actionId`,
      { config: signedIn, schema: { params: part("actionId"), body: actionInputSchema, response: none } },
      async (request, reply) => {
        await actionPlan.editAction(db, request.userId!, request.params.organizationId, request.params.actionId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${base}/actions/:actionId/status`,
      { config: signedIn, schema: { params: part("actionId"), body: actionTransitionSchema, response: none } },
      async (request, reply) => {
        await actionPlan.moveAction(db, request.userId!, request.params.organizationId, request.params.actionId, request.body.status);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${base}/actions/:actionId`,
      { config: signedIn, schema: { params: part("actionId"), response: none } },
      async (request, reply) => {
        await actionPlan.deleteAction(db, request.userId!, request.params.organizationId, request.params.actionId);
        return reply.status(204).send(null);
      },
    );
    // "You said, we did": an action answering a red flag, published to employees in the employer's words.
    app.put(
      `${base}/actions/:actionId/publication`,
      { config: signedIn, schema: { params: part("actionId"), body: publicationInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, actionId } = request.params;
        await actionPlan.publishAction(db, request.userId!, organizationId, actionId, request.body.text);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${base}/actions/:actionId/publication`,
      { config: signedIn, schema: { params: part("actionId"), response: none } },
      async (request, reply) => {
        await actionPlan.unpublishAction(db, request.userId!, request.params.organizationId, request.params.actionId);
        return reply.status(204).send(null);
      },
    );
  };

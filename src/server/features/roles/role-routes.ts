import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { assignRoleSchema, canAssignAnswerSchema, roleSchema } from "../../../shared/schemas/roles.js";
import { noContentSchema, okSchema } from "../../../shared/schemas/responses.js";
import { text, maxLength } from "../../../shared/schemas/text.js";
import type { HttpDeps } from "../../http/deps.js";
import { assignRole, dropOwnRole, mayAssign, revokeRole } from "./role-service.js";

export const roleRoutes =
  ({ db }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const access = { access: "signed-in" } as const;

    app.get(
      "/roles/can-assign",
      { config: access, schema: { querystring: z.object({ role: roleSchema }), response: { 200: canAssignAnswerSchema } } },
      async (request) => ({
        allowed: await mayAssign(db, request.userId!, request.query.role),
      }),
    );

    app.post(
      "/users/:userId/roles",
      {
        config: access,
        schema: {
          params: z.object({ userId: text().check(z.minLength(1), maxLength(100)) }),
          body: assignRoleSchema,
          response: { 201: okSchema },
        },
      },
      async (request, reply) => {
        await assignRole(db, request.userId!, request.params.userId, request.body.role);
        return reply.status(201).send({ ok: true });
      },
    );

    app.delete(
      "/users/:userId/roles/:role",
      {
        config: access,
        schema: {
          params: z.object({ userId: text().check(z.minLength(1), maxLength(100)), role: roleSchema }),
          response: { 204: noContentSchema },
        },
      },
      async (request, reply) => {
        await revokeRole(db, request.userId!, request.params.userId, request.params.role);
        return reply.status(204).send(null);
      },
    );
    app.delete(
      "/me/roles/:role",
      { config: access, schema: { params: z.object({ role: roleSchema }), response: { 204: noContentSchema } } },
      async (request, reply) => {
        await dropOwnRole(db, request.userId!, request.params.role);
        return reply.status(204).send(null);
      },
    );
  };

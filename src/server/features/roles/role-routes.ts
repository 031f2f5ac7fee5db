import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { assignRoleSchema, roleSchema } from "../../../shared/schemas/roles.js";
import { text } from "../../../shared/schemas/text.js";
import type { AppDeps } from "../../http/deps.js";
import { requireUser } from "../auth/current-user.js";
import { assignRole, dropOwnRole, mayAssign } from "./role-service.js";

export const roleRoutes =
  ({ db, sessions }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preHandler", requireUser(sessions));

    app.get("/roles/can-assign", { schema: { querystring: z.object({ role: roleSchema }) } }, async (request) => ({
      allowed: await mayAssign(db, request.userId!, request.query.role),
    }));

    app.post(
      "/users/:userId/roles",
      { schema: { params: z.object({ userId: text().check(z.minLength(1), z.maxLength(100)) }), body: assignRoleSchema } },
      async (request, reply) => {
        await assignRole(db, request.userId!, request.params.userId, request.body.role);
        return reply.status(201).send({ ok: true });
      },
    );

    app.delete("/me/roles/:role", { schema: { params: z.object({ role: roleSchema }) } }, async (request, reply) => {
      await dropOwnRole(db, request.userId!, request.params.role);
      return reply.status(204).send();
    });
  };

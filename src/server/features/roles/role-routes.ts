import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { assignRoleSchema, roleSchema } from "../../../shared/schemas/roles.js";
import { AppError } from "../../http/app-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requireUser } from "../auth/current-user.js";
import { findProfile } from "../profile/profile-repository.js";
import { canAssignRole } from "./role-policy.js";
import { text } from "../../../shared/schemas/text.js";

export const roleRoutes =
  ({ db, sessions }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preHandler", requireUser(sessions));

    const actorOf = async (userId: string) => {
      const profile = await findProfile(db, userId);
      if (!profile) throw new AppError("not_authenticated");
      return profile;
    };

    app.get("/roles/can-assign", { schema: { querystring: z.object({ role: roleSchema }) } }, async (request) => ({
      allowed: canAssignRole(await actorOf(request.userId!), request.query.role),
    }));

    app.post(
      "/users/:userId/roles",
      { schema: { params: z.object({ userId: text().check(z.minLength(1), z.maxLength(100)) }), body: assignRoleSchema } },
      async (request, reply) => {
        const { role } = request.body;
        if (!canAssignRole(await actorOf(request.userId!), role)) {
          throw new AppError("role_not_assignable", { vars: { role } });
        }
        const target = await db.selectFrom("users").select("id").where("id", "=", request.params.userId).executeTakeFirst();
        if (!target) throw new AppError("not_found");
        await db.insertInto("user_roles").values({ user_id: target.id, role }).onConflict((c) => c.doNothing()).execute();
        return reply.status(201).send({ ok: true });
      },
    );

    /** Spec participant 6: users may delete their own role rows. */
    app.delete("/me/roles/:role", { schema: { params: z.object({ role: roleSchema }) } }, async (request, reply) => {
      await db.deleteFrom("user_roles").where("user_id", "=", request.userId!).where("role", "=", request.params.role).execute();
      return reply.status(204).send();
    });
  };

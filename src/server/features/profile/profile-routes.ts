import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileUpdateSchema } from "../../../shared/schemas/profile.js";
import type { AppDeps } from "../../http/deps.js";
import { requireUser } from "../auth/current-user.js";
import { profileOf, updateProfile } from "../users/users-service.js";

export const profileRoutes =
  ({ db, sessions }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preHandler", requireUser(sessions));

    app.get("/me", (request) => profileOf(db, request.userId!));

    app.patch("/me", { schema: { body: profileUpdateSchema } }, (request) => updateProfile(db, request.userId!, request.body));
  };

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileSchema, profileUpdateSchema } from "../../../shared/schemas/profile.js";
import type { AppDeps } from "../../http/deps.js";
import { profileOf, updateProfile } from "../users/users-service.js";

export const profileRoutes =
  ({ db, publicCache }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/me", { config: { access: "signed-in" }, schema: { response: { 200: profileSchema } } }, (request) =>
      profileOf(db, request.userId!),
    );

    app.patch(
      "/me",
      { config: { access: "signed-in" }, schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
      async (request) => {
        const profile = await updateProfile(db, request.userId!, request.body);
        // A name shown or hidden on the boards: this process's shared copy of
        // them goes (others' expire within PUBLIC_CACHE_SECONDS).
        if (request.body.showOnLeaderboards !== undefined || request.body.username !== undefined) publicCache.clear();
        return profile;
      },
    );
  };

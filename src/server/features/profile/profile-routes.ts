import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileSchema, profileUpdateSchema } from "../../../shared/schemas/profile.js";
import { myStatsSchema } from "../../../shared/schemas/stats.js";
import type { HttpDeps } from "../../http/deps.js";
import { profileOf, updateProfile } from "../users/index.js";
import { withOrganizationDashboard } from "../organizations/index.js";
import { myStats } from "./profile-service.js";

/** The signed-in person's profile: what they set, and their own numbers. */
export const profileRoutes =
  ({ db, publicCache }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/me", { config: { access: "signed-in" }, schema: { response: { 200: profileSchema } } }, (request) =>
      profileOf(db, request.userId!).then((account) => withOrganizationDashboard(db, account)),
    );

    app.patch(
      "/me",
      { config: { access: "signed-in" }, schema: { body: profileUpdateSchema, response: { 200: profileSchema } } },
      async (request) => {
        const profile = await updateProfile(db, request.userId!, request.body);
        // A name shown or hidden on the boards: this process's shared copy of
        // them goes (others' expire within PUBLIC_CACHE_SECONDS).
        if (request.body.showOnLeaderboards !== undefined || request.body.username !== undefined) publicCache.clear();
        return withOrganizationDashboard(db, profile);
      },
    );

    app.get("/me/stats", { config: { access: "signed-in" }, schema: { response: { 200: myStatsSchema } } }, (request) =>
      myStats(db, request.userId!, new Date()),
    );
  };

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { profileUpdateSchema } from "../../../shared/schemas/profile.js";
import { AppError } from "../../http/app-error.js";
import type { AppDeps } from "../../http/deps.js";
import { requireUser } from "../auth/current-user.js";
import { findProfile, findUserIdByUsername, isUniqueViolation, updateProfile } from "./profile-repository.js";

export const profileRoutes =
  ({ db, sessions }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preHandler", requireUser(sessions));

    app.get("/me", async (request) => {
      const profile = await findProfile(db, request.userId!);
      if (!profile) throw new AppError("not_found");
      return profile;
    });

    app.patch("/me", { schema: { body: profileUpdateSchema } }, async (request) => {
      const userId = request.userId!;
      const { username, country, languagePreference, onboardingCompleted } = request.body;
      if (username) {
        const owner = await findUserIdByUsername(db, username);
        if (owner && owner !== userId) throw new AppError("username_taken", { field: "username" });
      }
      try {
        await updateProfile(db, userId, {
          username,
          country,
          language_preference: languagePreference,
          onboarding_completed: onboardingCompleted,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError("username_taken", { field: "username" });
        throw error;
      }
      return findProfile(db, userId);
    });
  };

import type { Config } from "../../config.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { publicConfigSchema } from "../../../shared/schemas/system.js";

/** Settings the browser needs at run time, so one build serves every deployment. */
export const publicConfigRoutes =
  ({ config }: { config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get("/public-config", { config: { access: "anyone" }, schema: { response: { 200: publicConfigSchema } } }, async () => ({
      map: { tileUrl: config.MAP_TILE_URL, attribution: config.MAP_ATTRIBUTION },
      supportEmail: config.SUPPORT_EMAIL,
      nativeApp:
        config.APP_SCHEME || config.APP_STORE_URL || config.PLAY_STORE_URL
          ? {
              scheme: config.APP_SCHEME ?? null,
              androidPackage: config.ANDROID_PACKAGE ?? null,
              appStoreUrl: config.APP_STORE_URL ?? null,
              playStoreUrl: config.PLAY_STORE_URL ?? null,
            }
          : null,
      officialWebsite: config.OFFICIAL_WEBSITE_URL ?? config.APP_URL,
      privacyOfficer: { name: config.PRIVACY_OFFICER_NAME ?? null, email: config.PRIVACY_OFFICER_EMAIL ?? config.SUPPORT_EMAIL },
      pseudoLocale: config.PSEUDO_LOCALE,
    }));
  };

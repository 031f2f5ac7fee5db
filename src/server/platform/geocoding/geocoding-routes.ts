import type { Geocoder } from "./geocoding-service.js";
import type { RateLimiter } from "../rate-limit/rate-limiter.js";
import type { Config } from "../../config.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addressSuggestionsSchema,
  geocodeSearchQuerySchema,
  reverseGeocodeQuerySchema,
  reverseGeocodeSchema,
} from "../../../shared/schemas/geocoding.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { rateLimit, rateLimitKeys, type RateLimitRule } from "../rate-limit/rate-limit-rules.js";

/** Each search goes to the provider, which asks for a slow pace: enough to type an address, not to walk a city. */
export const GEOCODING_LIMIT: RateLimitRule = { name: "geocoding", limit: 120, windowSeconds: 600, key: rateLimitKeys.byUser };

/** Address autocomplete for the location dialog: signed-in people only, and limited, since each miss asks the provider. */
export const geocodingRoutes =
  ({ geocoder, limiter, config }: { geocoder: Geocoder; limiter: RateLimiter; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    const limit = rateLimit(limiter, config.RATE_LIMIT_SCALE, GEOCODING_LIMIT);
    const access = { access: "signed-in" } as const;
    app.get(
      "/geocoding/search",
      { config: access, preHandler: limit, schema: { querystring: geocodeSearchQuerySchema, response: { 200: addressSuggestionsSchema } } },
      async (request) => ({ suggestions: await geocoder.search(request.query.q, requestLanguage(request)) }),
    );
    app.get(
      "/geocoding/reverse",
      { config: access, preHandler: limit, schema: { querystring: reverseGeocodeQuerySchema, response: { 200: reverseGeocodeSchema } } },
      async (request) => ({ address: await geocoder.reverse(request.query.lat, request.query.lon, requestLanguage(request)) }),
    );
  };

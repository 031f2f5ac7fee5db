import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { organizationIdParams } from "../../../../shared/schemas/organizations.js";
import { certificateCodeParamsSchema } from "../../../../shared/schemas/workplace.js";
import type { HttpDeps } from "../../../http/deps.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { rateLimit, RULES } from "../../../platform/rate-limit/rate-limit-rules.js";
import * as credentials from "./credentials-service.js";

const JWT_TYPE = "application/vc+jwt";

/**
 * Certificates as Open Badges 3.0 credentials (issue 47 §3): the credential
 * behind a /verify code, and what a verifier needs to check it anywhere (the
 * key set, the status lists, the issuer's profile). All public: the code is
 * the permission, as on /verify.
 */
export const credentialRoutes =
  ({ db, secretBox, config, limiter }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const deps = { db, secretBox, appUrl: config.APP_URL };
    const anyone = { access: "anyone" } as const;

    app.get(
      "/certificates/:code/credential",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, RULES.certificateCheck),
        schema: { params: certificateCodeParamsSchema, produces: [JWT_TYPE], response: { 200: z.string() } },
      },
      async (request, reply) => {
        const { jwt, fileName } = await credentials.certificateCredential(deps, request.params.code, requestLanguage(request));
        return reply.type(JWT_TYPE).header("content-disposition", `attachment; filename="${fileName}"`).send(jwt);
      },
    );
    app.get(
      "/credentials/status/:list",
      {
        config: anyone,
        schema: {
          params: z.object({ list: z.coerce.number().check(z.int(), z.minimum(0), z.maximum(100_000)) }),
          produces: [JWT_TYPE],
          response: { 200: z.string() },
        },
      },
      async (request, reply) =>
        // Verifiers may keep it a minute; a superseded certificate shows as revoked within that.
        reply
          .type(JWT_TYPE)
          .header("cache-control", "public, max-age=60")
          .send(await credentials.statusListCredential(deps, request.params.list)),
    );
    app.get(
      "/credentials/jwks",
      {
        config: anyone,
        schema: {
          response: {
            200: z.object({
              keys: z.array(
                z.object({ kty: z.string(), crv: z.string(), x: z.string(), kid: z.string(), alg: z.string(), use: z.string() }),
              ),
            }),
          },
        },
      },
      async (_request, reply) => reply.header("cache-control", "public, max-age=3600").send(await credentials.credentialKeys(deps)),
    );
    app.get(
      "/credentials/issuers/:organizationId",
      {
        config: anyone,
        schema: {
          params: organizationIdParams,
          response: {
            200: z.object({ "@context": z.array(z.string()), id: z.string(), type: z.string(), name: z.string(), description: z.string() }),
          },
        },
      },
      (request) => credentials.issuerProfile(deps, request.params.organizationId),
    );
  };

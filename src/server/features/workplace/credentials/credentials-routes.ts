import { workplaceLimits } from "../rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { certificateCodeParamsSchema } from "../../../../shared/schemas/workplace.js";
import type { HttpDeps } from "../../../http/deps.js";
import { requestLanguage } from "../../../kernel/request-language.js";
import { rateLimit } from "../../../platform/rate-limit/rate-limit-rules.js";
import * as credentials from "./credentials-service.js";

const JWT_TYPE = "application/vc+jwt";
/** A credential secured by its embedded proof (VC 2.0 §6.3). */
const STATUS_LIST_TYPE = "application/vc";

/**
 * Certificates as Open Badges 3.0 credentials (issue 47 §3, issue 58 §6): the
 * credential behind a /verify code, and the status lists a verifier reads to
 * know whether it still holds (the key needs no address: it is the issuer's
 * did:key). All public: the code is the permission, as on /verify.
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
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, workplaceLimits.certificateCheck),
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
          produces: [STATUS_LIST_TYPE],
          response: { 200: z.record(z.string(), z.unknown()) },
        },
      },
      async (request, reply) =>
        // Verifiers may keep it a minute; a superseded certificate shows as revoked within that.
        reply
          .type(STATUS_LIST_TYPE)
          .header("cache-control", "public, max-age=60")
          // JSON under its own media type, which Fastify would otherwise refuse to serialise.
          .serializer(JSON.stringify)
          .send(await credentials.statusListCredential(deps, request.params.list)),
    );
  };

import { workplaceLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { idParam, organizationIdParams } from "../../../shared/schemas/organizations.js";
import { noContentSchema } from "../../../shared/schemas/responses.js";
import {
  accessCodeInputSchema,
  accessCodesSchema,
  certificateCheckSchema,
  certificateCodeParamsSchema,
  directoryStateSchema,
  directoryTokenSchema,
  employeesWithAccessSchema,
  signatoryInputSchema,
  signatoryStateSchema,
} from "../../../shared/schemas/workplace.js";
import type { HttpDeps } from "../../http/deps.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { checkCertificate } from "./certificates-service.js";
import { createDirectoryToken, directoryState, revokeDirectoryToken } from "./directory/directory-service.js";
import { setSignatory, signatory } from "./signatory-service.js";
import {
  createAccessCode,
  deactivateAccessCode,
  employeesWithAccess,
  listAccessCodes,
  removeEmployeeAccess,
} from "./workplace-access-service.js";

/**
 * The employer's side of access (organisation dashboard settings: codes, the
 * staff directory's token and who holds access, for the organisation's
 * owners and admins), and the
 * public certificate check behind /verify/{code}.
 */
export const workplaceEmployerRoutes =
  ({ db, config, limiter }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = { access: "signed-in" } as const;
    const base = "/organizations/:organizationId/workplace";
    const codeParams = z.object({ ...organizationIdParams.shape, codeId: idParam() });
    const employeeParams = z.object({ ...organizationIdParams.shape, userId: idParam() });
    const none = { 204: noContentSchema };

    app.get(
      `${base}/codes`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: accessCodesSchema } } },
      (request) => listAccessCodes(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/codes`,
      {
        config: signedIn,
        schema: { params: organizationIdParams, body: accessCodeInputSchema, response: { 201: z.object({ id: z.string() }) } },
      },
      async (request, reply) =>
        reply.status(201).send(await createAccessCode(db, request.userId!, request.params.organizationId, request.body)),
    );
    app.post(
      `${base}/codes/:codeId/deactivate`,
      { config: signedIn, schema: { params: codeParams, response: none } },
      async (request, reply) => {
        await deactivateAccessCode(db, request.userId!, request.params.organizationId, request.params.codeId);
        return reply.status(204).send(null);
      },
    );
    app.get(
      `${base}/employees`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: employeesWithAccessSchema } } },
      (request) => employeesWithAccess(db, request.userId!, request.params.organizationId),
    );
    app.delete(
      `${base}/employees/:userId`,
      { config: signedIn, schema: { params: employeeParams, response: none } },
      async (request, reply) => {
        await removeEmployeeAccess(db, request.userId!, request.params.organizationId, request.params.userId);
        return reply.status(204).send(null);
      },
    );

    // The staff directory (SCIM): the employer makes the token its identity provider uses, and can revoke it.
    app.get(
      `${base}/directory`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: directoryStateSchema } } },
      (request) => directoryState(db, config.APP_URL, request.userId!, request.params.organizationId),
    );
    app.post(
      `${base}/directory/token`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 201: directoryTokenSchema } } },
      async (request, reply) =>
        reply.status(201).send(await createDirectoryToken(db, config.APP_URL, request.userId!, request.params.organizationId)),
    );
    app.delete(
      `${base}/directory/token`,
      { config: signedIn, schema: { params: organizationIdParams, response: none } },
      async (request, reply) => {
        await revokeDirectoryToken(db, request.userId!, request.params.organizationId);
        return reply.status(204).send(null);
      },
    );

    app.get(
      `${base}/signatory`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: signatoryStateSchema } } },
      (request) => signatory(db, request.userId!, request.params.organizationId),
    );
    app.put(
      `${base}/signatory`,
      { config: signedIn, schema: { params: organizationIdParams, body: signatoryInputSchema, response: { 200: signatoryStateSchema } } },
      (request) => setSignatory(db, request.userId!, request.params.organizationId, request.body),
    );
    app.delete(
      `${base}/signatory`,
      { config: signedIn, schema: { params: organizationIdParams, response: { 200: signatoryStateSchema } } },
      (request) => setSignatory(db, request.userId!, request.params.organizationId, null),
    );

    app.get(
      "/certificates/:code",
      {
        config: { access: "anyone" },
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, workplaceLimits.certificateCheck),
        schema: { params: certificateCodeParamsSchema, response: { 200: certificateCheckSchema } },
      },
      (request) => checkCertificate(db, request.params.code),
    );
  };

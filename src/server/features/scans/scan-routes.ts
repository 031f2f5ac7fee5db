import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scanCodeSchema, scanRequestSchema } from "../../../shared/schemas/scans.js";
import type { AppDeps } from "../../http/deps.js";
import { requestLanguage } from "../../http/request-language.js";
import { requireUser } from "../auth/current-user.js";
import { checkScan, recordScan } from "./scan-service.js";

export const scanRoutes =
  ({ db, sessions, numbering }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook("preHandler", requireUser(sessions));

    app.post("/scans/check", { schema: { body: scanCodeSchema } }, (request) => checkScan(db, request.userId!, request.body));

    app.post("/scans", { schema: { body: scanRequestSchema } }, async (request, reply) => {
      const result = await recordScan({
        db,
        numbering,
        userId: request.userId!,
        language: requestLanguage(request),
        request: request.body,
      });
      return reply.status(201).send(result);
    });
  };

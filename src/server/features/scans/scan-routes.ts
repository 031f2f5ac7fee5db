import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scanCheckSchema, scanCodeSchema, scanRequestSchema, scanSuccessSchema } from "../../../shared/schemas/scans.js";
import type { AppDeps } from "../../http/deps.js";
import { checkScan, recordScan } from "./scan-service.js";

export const scanRoutes =
  ({ db, numbering }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/scans/check",
      { config: { access: "signed-in" }, schema: { body: scanCodeSchema, response: { 200: scanCheckSchema } } },
      (request) => checkScan(db, request.userId!, request.body),
    );

    app.post(
      "/scans",
      { config: { access: "signed-in" }, schema: { body: scanRequestSchema, response: { 201: scanSuccessSchema } } },
      async (request, reply) => {
        const result = await recordScan({
          db,
          numbering,
          userId: request.userId!,
          request: request.body,
        });
        return reply.status(201).send(result);
      },
    );
  };

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { scanCheckRequestSchema, scanCheckSchema, scanRequestSchema, scanSuccessSchema } from "../../../shared/schemas/scans.js";
import type { AppDeps } from "../../http/deps.js";
import { checkScan, recordScan } from "./scan-service.js";
import { parseCardJourneyId } from "../../../shared/schemas/cards.js";
import { announceCardMove } from "../card-journeys/card-journeys-service.js";

export const scanRoutes =
  ({ db, numbering, mailer, config }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/scans/check",
      { config: { access: "signed-in" }, schema: { body: scanCheckRequestSchema, response: { 200: scanCheckSchema } } },
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
        const card = result.journeyId ? parseCardJourneyId(result.journeyId) : null;
        if (card) {
          // Earlier holders hear of it after the answer: a slow mail server never delays a scan.
          void announceCardMove({ db, mailer, appUrl: config.APP_URL }, card, request.userId!).catch((error: unknown) =>
            request.log.error({ err: { type: (error as Error).name, message: (error as Error).message } }, "card move notice failed"),
          );
        }
        return reply.status(201).send(result);
      },
    );
  };

import { scanLimits } from "./rate-limits.js";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  claimRequestSchema,
  pendingScanRequestSchema,
  pendingScanSchema,
  scanCheckRequestSchema,
  scanCheckSchema,
  scanHeadersSchema,
  scanRequestSchema,
  scanSuccessSchema,
  IDEMPOTENCY_KEY_HEADER,
} from "../../../shared/schemas/scans.js";
import type { HttpDeps } from "../../http/deps.js";
import type { NumberingDeps } from "./act-numbering.js";
import { checkScan, recordScan, recordScanOnce } from "./scan-service.js";
import { claimPendingScan, keepPendingScan } from "./pending-scan-service.js";
import { holdClaim } from "./claim-cookie.js";
import type { CardJourneyPort } from "./card-journey-port.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { countedScan } from "../../platform/metrics/metrics.js";

/** `cardJourneys`: what the engine asks of card journeys (card-journey-port.ts), given by bootstrap.ts. */
export const scanRoutes =
  ({
    db,
    numbering,
    config,
    limiter,
    metrics,
    signer,
    cardJourneys,
  }: HttpDeps & NumberingDeps & { cardJourneys: CardJourneyPort }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      "/scans/check",
      { config: { access: "signed-in" }, schema: { body: scanCheckRequestSchema, response: { 200: scanCheckSchema } } },
      (request) => checkScan(db, request.userId!, request.body),
    );

    app.post(
      "/scans",
      {
        config: { access: "signed-in" },
        schema: { body: scanRequestSchema, headers: scanHeadersSchema, response: { 201: scanSuccessSchema } },
      },
      async (request, reply) => {
        const scan = { db, numbering, userId: request.userId!, request: request.body };
        const idempotencyKey = request.headers[IDEMPOTENCY_KEY_HEADER];
        // A retried tap gets the act its first try recorded (docs/operations.md, "A retried scan").
        const outcome = await countedScan(
          metrics,
          idempotencyKey ? recordScanOnce({ ...scan, idempotencyKey }) : recordScan(scan).then((result) => ({ scan: result, fresh: true })),
          (recorded) => recorded.fresh,
        );
        return reply.status(201).send(outcome.scan);
      },
    );

    // Signed out: the scan is kept for its person (docs/design.md §4.12).
    app.post(
      "/scans/pending",
      {
        config: { access: "anyone" },
        schema: { body: pendingScanRequestSchema, response: { 201: pendingScanSchema } },
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, scanLimits.pendingScan),
      },
      async (request, reply) => {
        const pending = await keepPendingScan(db, request.body, cardJourneys);
        // This browser holds the claim: only its requests may have an email carry it (claim-cookie.ts).
        holdClaim(reply, signer, config.APP_URL, pending.token, new Date(pending.expiresAt));
        return reply.status(201).send(pending);
      },
    );

    app.post(
      "/scans/pending/claim",
      { config: { access: "signed-in" }, schema: { body: claimRequestSchema, response: { 200: scanSuccessSchema } } },
      async (request) => {
        const claimed = await countedScan(
          metrics,
          claimPendingScan({ db, numbering, userId: request.userId!, token: request.body.token }),
          (outcome) => outcome.fresh,
        );
        return claimed.scan;
      },
    );
  };

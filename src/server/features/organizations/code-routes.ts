import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { PAPERS, PRINT_DESIGNS, qrLinkSchema } from "../../../shared/schemas/organizations.js";
import { fileSchema } from "../../../shared/schemas/responses.js";
import { codeFile, codeLink, renewCode } from "./qr-service.js";
import { access, org, codeParams, sourceOf, none } from "./organization-route-parts.js";
import type { HttpDeps } from "../../http/deps.js";

/** Codes: the link, the files (PNG, SVG, the print kit's PDF), and renewal. */
export const codeRoutes =
  ({ db, config, storage }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const cardQuery = z.object({ card: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))) });
    app.get(
      `${org}/:source/:codeId/code`,
      { config: access, schema: { params: codeParams, querystring: cardQuery, response: { 200: qrLinkSchema } } },
      (request) =>
        codeLink(
          { db, appUrl: config.APP_URL },
          request.userId!,
          sourceOf(request.params.source),
          request.params.organizationId,
          request.params.codeId,
          request.query.card,
        ),
    );
    app.get(
      `${org}/:source/:codeId/code.:format`,
      {
        config: access,
        schema: {
          params: z.object({ ...codeParams.shape, format: z.enum(["png", "svg", "pdf"]) }),
          querystring: z.object({
            ...cardQuery.shape,
            from: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
            paper: z._default(z.enum(PAPERS), "letter"),
            design: z.optional(z.enum(PRINT_DESIGNS)),
            /** "preview": the dialog's picture of the first page, which prints nothing (the set-up checklist waits for a download). */
            purpose: z._default(z.enum(["download", "preview"]), "download"),
          }),
          produces: ["image/png", "image/svg+xml", "application/pdf"],
          response: { 200: fileSchema },
        },
      },
      async (request, reply) => {
        const file = await codeFile({ db, appUrl: config.APP_URL, storage }, request.userId!, {
          source: sourceOf(request.params.source),
          organizationId: request.params.organizationId,
          id: request.params.codeId,
          format: request.params.format,
          paper: request.query.paper,
          design: request.query.design,
          card: request.query.card,
          from: request.query.from,
          preview: request.query.purpose === "preview",
        });
        return (
          reply
            .header("content-type", file.contentType)
            .header("content-disposition", `attachment; filename="${file.fileName}"`)
            .header("cache-control", "private, no-store")
            // The schema documents the file; the bytes go out as they are (Fastify never serialises a Buffer).
            .send(Buffer.from(file.body) as unknown as string)
        );
      },
    );
    app.post(
      `${org}/:source/:codeId/renew-code`,
      { config: access, schema: { params: codeParams, response: none } },
      async (request, reply) => {
        await renewCode(db, request.userId!, sourceOf(request.params.source), request.params.organizationId, request.params.codeId);
        return reply.status(204).send(null);
      },
    );
  };

import { multipartForm } from "../../http/openapi-document.js";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { z } from "zod/mini";
import { fileSchema, noContentSchema } from "../../../shared/schemas/responses.js";
import { organizationIdParams } from "../../../shared/schemas/organizations.js";
import type { HttpDeps } from "../../http/deps.js";
import { AppError } from "../../kernel/app-error.js";
import { readLogo, removeLogo, replaceLogo } from "./logo-service.js";
import { wholeFile } from "../../http/multipart-file.js";
import { LOGO_MAX_MB, MEGABYTE } from "../../../shared/constants.js";

/** A logo file may weigh at most this much before it is processed. */
export const LOGO_MAX_BYTES = LOGO_MAX_MB * MEGABYTE;

/** The logo's file from the form (multipart field "logo"), in memory; its declared name and type are ignored. */
async function logoUpload(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) throw new AppError("invalid_input", { field: "logo", messageKey: "logoErrors.required" });
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file" || part.fieldname !== "logo") {
        if (part.type === "file") part.file.resume();
        continue;
      }
      const body = await wholeFile(part);
      return body.length > 0 ? body : null;
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new AppError("payload_too_large", {
        field: "logo",
        messageKey: "logoErrors.tooLarge",
        vars: { megabytes: LOGO_MAX_MB },
      });
    }
    throw new AppError("invalid_input");
  }
  return null;
}

/** An organisation's logo: uploaded and removed by its owners and admins, read by anyone. */
export const organizationLogoRoutes =
  ({ db, storage }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 } });
    const path = "/organizations/:organizationId/logo";

    app.get(
      path,
      {
        config: { access: "anyone" } as const,
        schema: { params: organizationIdParams, produces: ["image/png"], response: { 200: fileSchema } },
      },
      async (request, reply) => {
        const body = await readLogo({ db, storage }, request.params.organizationId);
        if (!body) throw new AppError("not_found");
        return (
          reply
            .header("content-type", "image/png")
            // Its address carries its version (?v=): the same address always means the same logo.
            .header("cache-control", "public, max-age=31536000, immutable")
            .send(body as unknown as string)
        );
      },
    );

    // Multipart: documented here, read by logoUpload (the file is streamed, not parsed as JSON).
    app.put(
      path,
      {
        config: { access: "signed-in" } as const,
        schema: {
          params: organizationIdParams,
          consumes: ["multipart/form-data"],
          multipart: multipartForm("logo"),
          response: { 200: z.object({ logoUrl: z.string() }) },
        },
      },
      async (request) => ({
        logoUrl: await replaceLogo({ db, storage }, request.userId!, request.params.organizationId, await logoUpload(request)),
      }),
    );

    app.delete(
      path,
      { config: { access: "signed-in" } as const, schema: { params: organizationIdParams, response: { 204: noContentSchema } } },
      async (request, reply) => {
        await removeLogo({ db, storage }, request.userId!, request.params.organizationId);
        return reply.status(204).send(null);
      },
    );
  };

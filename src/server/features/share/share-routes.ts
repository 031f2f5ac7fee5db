import { shareLimits } from "./rate-limits.js";
import { readFile } from "node:fs/promises";
import { openGraphLocaleOf } from "../../../shared/i18n/languages.js";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileSchema } from "../../../shared/schemas/responses.js";
import { actNumberParamsSchema, publicActSchema, shareImageQuerySchema } from "../../../shared/schemas/share.js";
import type { HttpDeps } from "../../http/deps.js";
import { pageLanguage } from "../../kernel/request-language.js";
import { sendAppShell, WEB_BUILD_DIR } from "../../http/static-app.js";
import { AppError } from "../../kernel/app-error.js";
import { publicAct, shareImage, shareText } from "./share-service.js";
import { rateLimit } from "../../platform/rate-limit/rate-limit-rules.js";
import { escapeHtml } from "../../../shared/escape-html.js";

/** A shared act: its public facts and its images (issue 26 §3). Public: a shared link is for anyone. */
export const shareRoutes =
  ({ db, limiter, config }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const anyone = { access: "anyone" } as const;
    app.get(
      "/acts/:number",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, shareLimits.publicAct),
        schema: { params: actNumberParamsSchema, response: { 200: publicActSchema } },
      },
      (request) => publicAct(db, request.params.number),
    );

    app.get(
      "/acts/:number/image",
      {
        config: anyone,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, shareLimits.shareImage),
        schema: {
          params: actNumberParamsSchema,
          querystring: shareImageQuerySchema,
          produces: ["image/png"],
          response: { 200: fileSchema },
        },
      },
      async (request, reply) => {
        const image = await shareImage(db, config.APP_URL, request.params.number, request.query.format, request.query.lang);
        // Previews are fetched many times; an act's public facts change rarely (a name shown or hidden).
        return reply
          .type("image/png")
          .header("cache-control", "public, max-age=3600")
          .send(image as unknown as string);
      },
    );
  };

/**
 * /acts/<number>: the app's page for a shared act, sent with its Open Graph
 * and Twitter tags in the HTML, since link previews never run the app. An
 * unknown number gets the plain shell (the app says it is not found).
 */
export function registerSharePage(app: FastifyInstance, { db, config, limiter }: Pick<HttpDeps, "db" | "config" | "limiter">): void {
  let shell: string | null = null;
  const limited = rateLimit(limiter, config.RATE_LIMIT_SCALE, shareLimits.publicAct);
  app.get<{ Params: { number: string } }>("/acts/:number", { preHandler: limited }, async (request, reply) => {
    const parsed = actNumberParamsSchema.safeParse(request.params);
    if (!parsed.success) return sendAppShell(reply);
    const language = pageLanguage(request);
    let act;
    try {
      act = await publicAct(db, parsed.data.number);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") return sendAppShell(reply);
      throw error;
    }
    shell ??= await readFile(path.join(WEB_BUILD_DIR, "index.html"), "utf8");
    const { title, description, imageAlt } = shareText(act, language);
    const page = `${config.APP_URL}/acts/${act.actNumber}`;
    const image = `${config.APP_URL}/api/acts/${act.actNumber}/image?format=preview&lang=${language}`;
    const tags = [
      ["property", "og:type", "website"],
      ["property", "og:site_name", "Kindly"],
      ["property", "og:url", page],
      ["property", "og:title", title],
      ["property", "og:description", description],
      ["property", "og:image", image],
      ["property", "og:image:width", "1200"],
      ["property", "og:image:height", "630"],
      ["property", "og:image:alt", imageAlt],
      ["property", "og:locale", openGraphLocaleOf(language)],
      ["name", "twitter:card", "summary_large_image"],
      ["name", "twitter:title", title],
      ["name", "twitter:description", description],
      ["name", "twitter:image", image],
      ["name", "twitter:image:alt", imageAlt],
    ]
      .map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${escapeHtml(content!)}" />`)
      .join("\n    ");
    const html = shell
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace(/<meta name="description"[^>]*>/, `<meta name="description" content="${escapeHtml(description)}" />`)
      .replace("</head>", `    ${tags}\n  </head>`)
      .replace(/<html lang="[^"]*">/, `<html lang="${language}">`);
    return reply.type("text/html; charset=utf-8").header("cache-control", "no-cache").header("vary", "Accept-Language, Cookie").send(html);
  });
}

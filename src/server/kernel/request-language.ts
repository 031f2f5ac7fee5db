import type { FastifyRequest } from "fastify";
import { isLanguage, languageFromTag, type Language } from "../../shared/i18n/languages.js";

/**
 * The language the app will render in, decided as the app decides: the
 * visitor's choice (the `kindly.language` cookie src/web/lib/i18n.ts sets),
 * else their browser's. A plain link (a page, a PDF download) carries only this.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const chosen = /(?:^|;\s*)kindly\.language=([\w-]+)(?:;|$)/.exec(request.headers.cookie ?? "")?.[1];
  return isLanguage(chosen) ? chosen : languageFromTag(request.headers["accept-language"]);
}

/** The web app's API calls name their current language in `x-kindly-language`; otherwise as for a page. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers["x-kindly-language"];
  if (isLanguage(explicit)) return explicit;
  return pageLanguage(request);
}

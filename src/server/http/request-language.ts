import type { FastifyRequest } from "fastify";
import type { Language } from "../../shared/constants.js";
import { pickLanguage } from "../../shared/i18n/translate.js";

/**
 * The web app sends its current language in `x-kindly-language`; a plain
 * link (a PDF download) carries the language the visitor chose in the
 * `kindly.language` cookie; other clients get Accept-Language.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers["x-kindly-language"];
  if (explicit === "fr" || explicit === "en") return explicit;
  const chosen = /(?:^|;\s*)kindly\.language=(en|fr)(?:;|$)/.exec(request.headers.cookie ?? "")?.[1];
  if (chosen === "fr" || chosen === "en") return chosen;
  return pickLanguage(request.headers["accept-language"]);
}

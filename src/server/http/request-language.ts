import type { FastifyRequest } from "fastify";
import type { Language } from "../../shared/constants.js";
import { pickLanguage } from "../../shared/i18n/translate.js";

/** The web app sends its current language in `x-kindly-language`; other clients get Accept-Language. */
export function requestLanguage(request: FastifyRequest): Language {
  const explicit = request.headers["x-kindly-language"];
  if (explicit === "fr" || explicit === "en") return explicit;
  return pickLanguage(request.headers["accept-language"]);
}

import type { FastifyInstance } from "fastify";
import { LANGUAGES, type Language } from "../../shared/i18n/languages.js";
import { translate } from "../../shared/i18n/translate.js";
import { pageLanguage } from "../kernel/request-language.js";

const ICONS = [
  { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icon-maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
  { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
];

const texts = (language: Language) => ({
  name: translate(language, "manifest.name"),
  short_name: translate(language, "manifest.shortName"),
  description: translate(language, "manifest.description"),
});

/**
 * The web app manifest, in the visitor's language (the one the pages use):
 * an installed Kindly is named in the language of its pages. The other languages
 * ride along in `translations` (the W3C manifest localisation proposal), for
 * browsers that read it.
 */
export function webManifest(language: Language) {
  return {
    id: "/",
    lang: language,
    dir: "ltr",
    ...texts(language),
    translations: Object.fromEntries(LANGUAGES.filter((other) => other !== language).map((other) => [other, texts(other)])),
    start_url: "/?source=app",
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    background_color: "#fff1f2",
    theme_color: "#e11d48",
    categories: ["lifestyle", "social"],
    icons: ICONS,
    shortcuts: [
      { name: translate(language, "manifest.scan"), url: "/scan", icons: [ICONS[0]] },
      { name: translate(language, "manifest.map"), url: "/map", icons: [ICONS[0]] },
      { name: translate(language, "manifest.profile"), url: "/profile", icons: [ICONS[0]] },
    ],
  };
}

export function registerWebManifest(app: FastifyInstance): void {
  app.get("/manifest.webmanifest", (request, reply) =>
    reply
      .header("content-type", "application/manifest+json; charset=utf-8")
      .header("cache-control", "no-cache")
      .header("vary", "Accept-Language, Cookie")
      .send(JSON.stringify(webManifest(pageLanguage(request)))),
  );
}

import { describe, expect, it } from "vitest";
import en from "../shared/i18n/messages/en/app.json" with { type: "json" };
import fr from "../shared/i18n/messages/fr/app.json" with { type: "json" };
import { readFileSync } from "node:fs";
import { LANGUAGES, PAGE_LANGUAGES } from "../shared/i18n/languages.js";
import { MESSAGE_FILES } from "../shared/i18n/translate.js";
import { PSEUDO_LANGUAGE, pseudoLocalize, pseudoLocalizeAll } from "../shared/i18n/pseudo-locale.js";
import { PRERENDERED_PAGES, renderPage } from "./prerender.js";

/*
 * A language Kindly does not know, given only as messages, renders the pages:
 * nothing in the web app names a language to show its words. With the
 * pseudo-locale (English, accented and longer) any text still plain English
 * on a page never was a message.
 */

/** The page's visible text: markup, scripts and styles removed. */
const visibleText = (html: string) =>
  html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

/** Words left once every pseudo-localised message is taken out: hard-coded text. */
const plainWords = (text: string) =>
  text
    .replace(/\[[^\]]*·\]/g, " ")
    .split(/\s+/)
    .filter((word) => /[A-Za-z]{2,}/.test(word))
    // The brand is a name, the same in every language; the language button shows a language's code.
    .filter((word) => word !== "Kindly" && !LANGUAGES.some((code) => word === code.toUpperCase()));

describe("a language given only as messages", () => {
  it("pseudo-localises a message and keeps its placeholders and tags", () => {
    expect(pseudoLocalize("Hello {{name}}, <1>scan</1>")).toMatch(/^\[Ĥéļļö \{\{name\}\}, <1>šçåñ<\/1> ·+\]$/);
    expect(pseudoLocalize("Scan a code").length).toBeGreaterThanOrEqual(Math.round("Scan a code".length * 1.3));
  });

  // Every route of the router, as a visitor's first render shows it (no session, no data yet: a signed-in
  // page shows its loading state), with every message file given in the pseudo-locale. A page that is in
  // one language whatever the visitor's (PAGE_LANGUAGES) is left out.
  const router = readFileSync(new URL("./app/router.tsx", import.meta.url), "utf8");
  const routes = [...router.matchAll(/path="([^"]+)"/g)]
    .map((match) => `/${match[1]!}`.replace(/:number/g, "42").replace(/:\w+/g, "abc123"))
    .filter((path) => path !== "/*" && !PAGE_LANGUAGES[path]);
  const everyFile = (language: keyof typeof MESSAGE_FILES) => Object.assign({}, ...Object.values(MESSAGE_FILES[language])) as object;

  it("renders every route of the router with its words only", async () => {
    expect(routes.length).toBeGreaterThan(30);
    const messages = { en: everyFile("en"), fr: everyFile("fr"), [PSEUDO_LANGUAGE]: pseudoLocalizeAll(everyFile("en") as never) };
    const found: Record<string, string[]> = {};
    for (const path of routes) {
      const text = visibleText(await renderPage(path, PSEUDO_LANGUAGE, messages));
      if (!/\[[^\]]*·\]/.test(text)) found[path] = ["(no message at all)"];
      else if (plainWords(text).length > 0) found[path] = plainWords(text);
    }
    expect(found).toEqual({});
  });

  for (const [name, path] of Object.entries(PRERENDERED_PAGES)) {
    it(`renders ${path} with its words only`, async () => {
      const html = await renderPage(path, PSEUDO_LANGUAGE, { en, fr, [PSEUDO_LANGUAGE]: pseudoLocalizeAll(en) });
      const text = visibleText(html);
      expect(text, name).toMatch(/\[[^\]]*·\]/);
      expect(plainWords(text)).toEqual([]);
    });
  }
});

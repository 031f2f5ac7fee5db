import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * A third language is a data change: outside the i18n module (this folder,
 * and the browser's side of it, web/lib/i18n.ts),
 * no code names a language ("fr", "en-CA") to branch on it or to pick one. It
 * asks the registry (languages.ts: DEFAULT_LANGUAGE, PRINTED_LANGUAGES,
 * PAGE_LANGUAGES, localeOf, languageFromTag) or a message instead. Tests and
 * migrations (frozen history) are left out; the few strings that look like a
 * language and are not one are listed with why.
 */
const SRC = fileURLToPath(new URL("../..", import.meta.url));
const NOT_A_LANGUAGE: { file: string; why: string }[] = [
  { file: "shared/community/email-detector.ts", why: '"fr" is a top-level domain an address may end with' },
  { file: "shared/schemas/teams.ts", why: "a team name's key is case-folded in one fixed locale, whatever the reader's language" },
  { file: "shared/acts/new-york-time.ts", why: "en-CA writes a day as YYYY-MM-DD, the machine format of a New York day" },
  { file: "server/platform/format/quebec-dates.ts", why: "en-CA writes a day as YYYY-MM-DD, the machine format it compares" },
  { file: "server/features/contests/demo-contests.ts", why: "the demo's contests, written in the languages they ship with: data" },
];
const I18N_MODULE = ["shared/i18n/", "web/lib/i18n.ts"];
/**
 * A language named in code: quoted ("fr", 'en-CA'), or as a key of text kept
 * per language — written as an object's key (`{ en: … }`), read as a property
 * (`text.fr`) or by index (`text["en"]`) — where the list of languages
 * (LANGUAGES) should be read instead.
 */
const LANGUAGE_LITERAL = /["'`](en|fr)(-[A-Z]{2})?["'`]|(?<![\w.$])(en|fr)\s*:\s|\.(en|fr)\b/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" || entry.name === "test" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("language codes in code", () => {
  it("appear only in the i18n module (and where a listed string is no language)", () => {
    const found = sourceFiles(SRC)
      .map((file) => path.relative(SRC, file).split(path.sep).join("/"))
      .filter((file) => !I18N_MODULE.some((part) => file.startsWith(part)) && !NOT_A_LANGUAGE.some((entry) => entry.file === file))
      .flatMap((file) =>
        readFileSync(path.join(SRC, file), "utf8")
          .split("\n")
          .map((line, index) => ({ line: line.replace(/\/\/.*$|^\s*\/?\*.*$/, ""), where: `${file}:${index + 1}` }))
          .filter(({ line }) => LANGUAGE_LITERAL.test(line))
          .map(({ where, line }) => `${where}: ${line.trim()}`),
      );
    expect(found).toEqual([]);
  });

  it("are recognised in the forms code would write them", () => {
    const written = [
      'language === "fr"',
      "lang: 'en'",
      'setLanguage("fr-CA")',
      "`en`",
      "{ en: name, fr: nom }",
      "message.fr",
      'text["en"]',
    ];
    for (const line of written) expect(LANGUAGE_LITERAL.test(line), line).toBe(true);
    for (const line of ['"entries"', "often: 1", "process.env.PORT", "token: z.string()", "open: true"]) {
      expect(LANGUAGE_LITERAL.test(line), line).toBe(false);
    }
  });
});

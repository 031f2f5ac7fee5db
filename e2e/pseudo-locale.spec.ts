import type { Page, Response } from "@playwright/test";
import { confirmedUser, expect, test } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";
import { demoLinks } from "./support/scan-page.js";
import { DEFAULT_LANGUAGE, LANGUAGE_DETAILS, LANGUAGES, localeOf } from "../src/shared/i18n/languages.js";
import {
  browserIn,
  createdTeam,
  demoOrganizations,
  demoWorkplace,
  expectFinishedText,
  PAGES,
  pageWords,
  SIGNED_IN_PAGES,
  SIGNED_OUT_PAGES,
  signIn,
  walkAll,
} from "./support/page-walk.js";

/*
 * Issue 45 §6: a language given only as messages renders the signed-in
 * pages too, with their data. The journeys' server offers the translators'
 * preview (PSEUDO_LOCALE=1), so `?lang=xa` shows every message accented,
 * longer and between brackets. Each kind of person (signed out, a
 * participant with an act and a team, an employee with the workplace area,
 * the official account with the admin panel and two dashboards) walks every
 * page and tab; on each, once the pseudo-localised messages are taken out,
 * every word left must be a fact the server gave (a name, a place, a code,
 * found in an API answer the page received) or a date or country the
 * browser's Intl wrote. Any other word is text that never was a message.
 * Each view is also read for a placeholder or a raw message key: the English
 * side of no-placeholders.spec.ts (which walks in French).
 */

test.setTimeout(300_000);

const PSEUDO_SEGMENT = /\[[^\]]*·\]/g;
const letters = (word: string) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
const wordsOf = (text: string) =>
  text
    .split(/[\s/]+/)
    .map(letters)
    .filter((word) => /[A-Za-z]{2,}/.test(word));

/**
 * Names that are the same in every language, and a language's code, name and
 * "switch to", written in that language whatever the page's (languages.ts).
 */
const LANGUAGE_NAMES = new Set<string>(Object.values(LANGUAGE_DETAILS).map((details) => details.nativeName));
const NOT_MESSAGES = new Set([
  "Kindly",
  ...LANGUAGES.map((code) => code.toUpperCase()),
  ...Object.values(LANGUAGE_DETAILS).flatMap((details) => wordsOf(`${details.nativeName} ${details.switchTo}`)),
  // The map's library credits itself in its corner.
  "Leaflet",
]);

/**
 * What the browser's own Intl writes in a language it does not know (the
 * pseudo-locale's dates, relative times, time zones and country names fall
 * back to English): asked of the browser itself, whose ICU may word them
 * differently from Node's ("2 mins ago", "2 min. ago").
 */
async function intlWords(page: Page): Promise<string[]> {
  // The pseudo-locale formats in the default language's locale (en-CA, whose ICU words differ from en's: "2 mins ago").
  const locales = [...new Set([localeOf(DEFAULT_LANGUAGE), DEFAULT_LANGUAGE])];
  const texts = await page.evaluate((locales) => {
    const out: string[] = [];
    for (const locale of locales) {
      for (let month = 0; month < 12; month++) {
        for (const style of ["long", "short"] as const) out.push(new Date(2026, month, 1).toLocaleString(locale, { month: style }));
      }
      for (let day = 0; day < 7; day++) {
        for (const style of ["long", "short"] as const) out.push(new Date(2026, 10, 1 + day).toLocaleString(locale, { weekday: style }));
      }
      out.push("AM PM");
      for (const unit of ["year", "month", "week", "day", "hour", "minute", "second"] as const) {
        for (const style of ["long", "short", "narrow"] as const) {
          for (const numeric of ["auto", "always"] as const) {
            const format = new Intl.RelativeTimeFormat(locale, { numeric, style });
            for (let n = -5; n <= 5; n++) out.push(format.format(n, unit));
          }
        }
      }
      for (const zone of Intl.supportedValuesOf("timeZone")) {
        for (const month of [0, 6]) {
          const parts = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: "short" }).formatToParts(new Date(2026, month, 1));
          out.push(parts.find((part) => part.type === "timeZoneName")?.value ?? "");
        }
      }
      const regions = new Intl.DisplayNames(locale, { type: "region" });
      for (let a = 65; a <= 90; a++) {
        for (let b = 65; b <= 90; b++) {
          try {
            out.push(regions.of(String.fromCharCode(a, b)) ?? "");
          } catch {
            // Not a region code this browser knows.
          }
        }
      }
    }
    return out;
  }, locales);
  return wordsOf(texts.join(" "));
}

/** Every word of every string in the JSON answers a page received from the API: the facts it shows. */
class Facts {
  private readonly words = new Set<string>();
  private readonly pending: Promise<void>[] = [];

  constructor(page: Page) {
    page.on("response", (response) => this.pending.push(this.read(response)));
  }

  private async read(response: Response): Promise<void> {
    if (!new URL(response.url()).pathname.startsWith("/api/")) return;
    if (!(response.headers()["content-type"] ?? "").includes("json")) return;
    const body = (await response.json().catch(() => null)) as unknown;
    const collect = (value: unknown): void => {
      if (typeof value === "string") for (const word of wordsOf(value)) this.words.add(word);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (value && typeof value === "object") Object.values(value).forEach(collect);
    };
    collect(body);
  }

  async has(word: string): Promise<boolean> {
    await Promise.all(this.pending.splice(0));
    return this.words.has(word);
  }
}

async function plainWords(page: Page, facts: Facts, browserWords: ReadonlySet<string>): Promise<string[]> {
  const text = (await pageWords(page)).replace(PSEUDO_SEGMENT, " ");
  const left: string[] = [];
  for (const word of new Set(wordsOf(text))) {
    if (!NOT_MESSAGES.has(word) && !browserWords.has(word) && !(await facts.has(word))) left.push(word);
  }
  return left;
}

/** Walks the pages with `?lang=xa` and gathers, per view, the words that were not messages. */
async function walkInPseudoLocale(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const facts = new Facts(page);
  const browserWords = new Set(await intlWords(page));
  const found: Record<string, string[]> = {};
  let pseudoShown = 0;
  await walkAll(
    page,
    paths,
    async (view, where) => {
      // The English pages' "no placeholder, no raw key" (issue 43): the French walk's check, on the English messages.
      await expectFinishedText(view, where);
      if (/\[[^\]]*·\]/.test(await pageWords(view))) pseudoShown += 1;
      const left = await plainWords(view, facts, browserWords);
      if (left.length > 0) found[where] = left;
    },
    {
      addressOf: (path) => `${path}${path.includes("?") ? "&" : "?"}lang=xa`,
      // A switch to a real language (the profile's) would leave the pseudo-locale.
      leaveAlone: (text) => LANGUAGE_NAMES.has(text),
    },
  );
  // The preview was on: every page showed pseudo-localised messages.
  expect(pseudoShown).toBeGreaterThanOrEqual(paths.length);
  return found;
}

test.describe("a language given only as messages, signed in and with data", () => {
  test("signed out: every page and tab", async ({ browser }) => {
    const { context, page } = await browserIn(browser, "en");
    expect(await walkInPseudoLocale(page, [...PAGES, ...SIGNED_OUT_PAGES])).toEqual({});
    await context.close();
  });

  test("a participant with an act and a team: every page and tab", async ({ browser, request }) => {
    const user = await confirmedUser(request);
    const { context, page } = await browserIn(browser, "en");
    await signIn(page, user);
    const params = new URL((await demoLinks(page.request)).physical.path, "http://kindly.test").searchParams;
    const scan = await page.request.post("/api/scans", { data: { org: params.get("org"), loc: params.get("loc"), type: "physical" } });
    expect(scan.status()).toBe(201);
    const { actNumber } = (await scan.json()) as { actNumber: number };
    const team = await createdTeam(page, `Walkers ${Date.now().toString(36)}`);
    expect(await walkInPseudoLocale(page, [...PAGES, ...SIGNED_IN_PAGES, `/teams/${team}`, `/acts/${actNumber}`])).toEqual({});
    await context.close();
  });

  test("an employee with the workplace area, and the official account: admin panel and dashboards", async ({ browser, request }) => {
    const employee = await confirmedUser(request);
    const { context, page } = await browserIn(browser, "en");
    await signIn(page, employee);
    expect((await page.request.post("/api/workplace/access", { data: { code: (await demoWorkplace(page)).code } })).status()).toBe(200);
    expect(await walkInPseudoLocale(page, ["/workplace-wellbeing", "/"])).toEqual({});
    await context.close();

    const official = await browserIn(browser, "en");
    await signIn(official.page, officialAccount());
    const { employerId, otherId } = await demoOrganizations(official.page);
    const paths = [
      "/admin",
      `/business-dashboard?org=${employerId}`,
      `/business-dashboard?org=${otherId}`,
      "/workplace-wellbeing",
      "/profile",
    ];
    expect(await walkInPseudoLocale(official.page, paths)).toEqual({});
    await official.context.close();
  });
});

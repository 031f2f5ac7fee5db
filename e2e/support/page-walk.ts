import { readdirSync, readFileSync } from "node:fs";
import { expect, type Browser, type Page } from "@playwright/test";
import { networkQuiet, trackRequests } from "./network-quiet.js";

/*
 * A walk through every page of the router as each kind of person sees it,
 * opening every tab and view switch a page shows and reading the page after
 * each: the no-placeholder journey (issue 43) and the pseudo-locale journey
 * (issue 45) read the same pages with different eyes.
 */

/** Every page of the router a person can open without an id of their own. */
export const PAGES = [
  "/",
  "/faq",
  "/game-rules",
  "/privacy",
  "/terms",
  "/contact",
  "/map",
  "/scan",
  "/leaderboards",
  "/contests",
  "/register-organization",
  "/community-chat",
  "/acts-gallery",
  "/workplace-wellbeing",
  "/verify",
  "/acts/1",
  "/no-such-page",
];
export const SIGNED_OUT_PAGES = ["/auth", "/forgot-password", "/forgot-email", "/onboarding"];
export const SIGNED_IN_PAGES = ["/profile", "/settings/notifications", "/act-history", "/business-dashboard"];

const MESSAGES = new URL("../../src/shared/i18n/messages/en/", import.meta.url);
/** The messages' first segments ("dashboard", "industries", …): a key shown raw starts with one of them. */
const NAMESPACES = [
  ...new Set(readdirSync(MESSAGES).flatMap((file) => Object.keys(JSON.parse(readFileSync(new URL(file, MESSAGES), "utf8")) as object))),
];
const RAW_KEY = new RegExp(`(?<![\\w@/.-])(?:${NAMESPACES.join("|")})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*`, "g");

/** The raw message keys in a page's words ("industries.Food and drink", "dashboard.codes.title"): a message that was never found. */
export function rawKeys(words: string): string[] {
  return [...new Set(words.match(RAW_KEY) ?? [])];
}

const PLACEHOLDER = /coming soon|bientôt/i;

/**
 * Issue 43: no view says "Coming soon" / "Bientôt" and none shows a raw
 * message key. Read by the French walk (no-placeholders.spec.ts) and by the
 * pseudo-locale's, which shows the English messages accented, with the server's
 * English data as it is.
 */
export async function expectFinishedText(page: Page, where: string): Promise<void> {
  const text = await pageWords(page);
  const found = PLACEHOLDER.exec(text);
  expect(found ? text.slice(Math.max(0, found.index - 80), found.index + 40) : null, `a placeholder on ${where}`).toBeNull();
  expect(rawKeys(text), `a raw message key on ${where}`).toEqual([]);
}

/** Everything a person can read on the page: its text (hidden parts too) and its controls' names, hints and alternatives. */
export async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt], [aria-description]")].flatMap(
      (element) => ["aria-label", "title", "placeholder", "alt", "aria-description"].map((name) => element.getAttribute(name) ?? ""),
    );
    const body = document.body.cloneNode(true) as HTMLElement;
    // A noscript says what a browser without JavaScript shows: this one runs it.
    for (const script of body.querySelectorAll("script, style, noscript")) script.remove();
    // Text of neighbouring elements stays apart ("<li>a</li><li>b</li>" reads "a b", not "ab").
    for (const element of body.querySelectorAll("*")) {
      element.prepend(" ");
      element.append(" ");
    }
    return [document.title, body.textContent ?? "", ...attributes].join("\n");
  });
}

/** Lets the page's requests finish (a page that keeps a live connection open is read as it is after a few seconds). */
export async function settle(page: Page): Promise<void> {
  await networkQuiet(page, 4_000).catch(() => undefined);
}

/**
 * Waits until the page has drawn its heading and nothing on it is still
 * loading: on a busy machine the network goes quiet before React has drawn the
 * page (a walk once read a workplace area still loading, and found no tab).
 */
export async function ready(page: Page): Promise<void> {
  const heading = page.locator("h1").first();
  const loading = page.locator(LOADING);
  // Looked at in the page at every frame: expect's polling (0.1, 0.25, 0.5, 1 s…) waited longer than the
  // page took on most views, a quarter of the walks' time (issue 59).
  const drawn = await page
    .waitForFunction(
      (loadingSelector) => {
        const h1 = document.querySelector("h1");
        const box = h1?.getBoundingClientRect();
        const shown = !!h1 && !!box && box.width > 0 && box.height > 0 && h1.checkVisibility({ visibilityProperty: true });
        return shown && document.querySelectorAll(loadingSelector).length === 0;
      },
      LOADING,
      { polling: "raf", timeout: 30_000 },
    )
    .then(() => true)
    .catch(() => false);
  if (drawn) return;
  // Said as expect says it: which of the two never came.
  await expect(heading).toBeVisible({ timeout: 1_000 });
  await expect(loading).toHaveCount(0, { timeout: 1_000 });
}

/** A spinner that says it is loading, or a part marked busy. */
const LOADING = '[role="status"]:has(.animate-spin), [aria-busy="true"]';

/** What a walk checks on each view it reaches: `where` names the page and the control that opened it. */
export type ViewCheck = (page: Page, where: string) => Promise<void>;

/** How a walk opens pages: the address for a path, and the controls it reads but does not click. */
export interface WalkOptions {
  addressOf?: (path: string) => string;
  leaveAlone?: (controlText: string) => boolean;
}

/**
 * Opens the page (at `addressOf(path)`), then every tab and every view switch
 * (a segmented control's buttons) it shows, those that appear after a click
 * included, each once, checking the page after each. Returns how many
 * controls it found.
 */
export async function walk(page: Page, path: string, check: ViewCheck, options: WalkOptions = {}): Promise<number> {
  const address = options.addressOf?.(path) ?? path;
  await open(page, address);
  await settle(page);
  await ready(page);
  await check(page, path);
  const seen = new Set<string>();
  const controls = page.locator('[role="tab"], [role="group"] > button[aria-pressed]');
  for (let opened = 0; opened < 80; opened += 1) {
    const keys = await controls.evaluateAll((elements) =>
      elements.map((element) => {
        const list = element.closest('[role="tablist"], [role="group"]');
        return {
          key: `${list?.getAttribute("aria-label") ?? list?.id ?? ""} › ${(element.textContent ?? "").trim()}`,
          text: (element.textContent ?? "").trim(),
          tab: element.getAttribute("role") === "tab",
        };
      }),
    );
    // The switches a tab shows before the next tab, which may hide them.
    const unseen = (tab: boolean) => keys.findIndex((control) => control.tab === tab && !seen.has(control.key));
    const next = unseen(false) >= 0 ? unseen(false) : unseen(true);
    if (next < 0) return seen.size;
    seen.add(keys[next]!.key);
    const control = controls.nth(next);
    // A control out of view (a tab row that scrolls) or disabled is still read with the page, not clicked.
    if (!options.leaveAlone?.(keys[next]!.text) && (await control.isEnabled().catch(() => false))) {
      await control.click();
      await settle(page);
      await ready(page);
      await check(page, `${path} › ${keys[next]!.key}`);
    }
  }
  return seen.size;
}

/**
 * Opens `address` as a person moving through the app does: by the app's own
 * navigation (the router follows the address bar's history) when the app is
 * already running and `address` is another page, so that each page costs its
 * drawing and its requests, not the whole app's start again (about 0.4 s of a
 * core per load, most of the walks' time on CI's two cores, issue 59). The
 * first page, and a page of the same route as the one shown (another
 * dashboard, another act), are loaded afresh: nothing of the previous one is
 * carried over to be read as this one's.
 */
async function open(page: Page, address: string): Promise<void> {
  const current = new URL(page.url());
  const next = new URL(address, current.protocol === "http:" ? current : "http://app.invalid");
  const inApp = current.protocol === "http:" && next.origin === current.origin && firstSegment(next) !== firstSegment(current);
  if (!inApp || !(await page.evaluate(() => document.getElementById("root")?.hasChildNodes() ?? false))) {
    await page.goto(address);
    return;
  }
  await page.evaluate((to) => {
    // The router draws the next page in a transition: until it commits, the last page is still there.
    for (const heading of document.querySelectorAll("h1")) heading.setAttribute("data-walk-left", "");
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate", { state: null }));
  }, next.pathname + next.search);
  await expect(page).toHaveURL(next.href);
  // Each page is drawn anew (its frame is keyed by the address): once the last page's heading is gone, what is read is the next one's.
  await page.waitForFunction(() => !document.querySelector("h1[data-walk-left]"), null, { polling: "raf", timeout: 30_000 });
}

const firstSegment = (url: URL) => url.pathname.split("/")[1] ?? "";

/** Walks each page in turn. */
export async function walkAll(page: Page, paths: string[], check: ViewCheck, options: WalkOptions = {}): Promise<void> {
  let controls = 0;
  for (const path of paths) controls += await walk(page, path, check, options);
  // The walk really opened tabs and switches (the boards' and the profile's at least).
  expect(controls).toBeGreaterThan(3);
}

/** A browser of its own with the language chosen on the device (no service worker: every page comes from the server). */
export async function browserIn(browser: Browser, language: string) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  trackRequests(context);
  await context.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
  return { context, page: await context.newPage() };
}

export async function signIn(page: Page, user: { email: string; password: string }): Promise<void> {
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
}

/** The demo employer's workplace access code and name (the development server lists them). */
export async function demoWorkplace(page: Page): Promise<{ code: string; employer: string }> {
  const { workplace } = (await (await page.request.get("/api/dev/demo-links")).json()) as { workplace: { code: string; employer: string } };
  return workplace;
}

/** The demo's employer and another organisation, as the official account lists them (`page` signed in as it). */
export async function demoOrganizations(page: Page): Promise<{ employerId: string; otherId: string }> {
  const { employer: name } = await demoWorkplace(page);
  type Listed = { items: { id: string; name: string; type: string }[] };
  const list = async (query: string) => ((await (await page.request.get(`/api/admin/organizations?${query}`)).json()) as Listed).items;
  // Found by name: organisations other journeys made may have pushed it off the first page, newest first.
  const employer = (await list(`q=${encodeURIComponent(name)}`)).find((organization) => organization.name === name);
  const other = (await list("page=1")).find((organization) => organization.type !== "company");
  expect(employer && other).toBeTruthy();
  return { employerId: employer!.id, otherId: other!.id };
}

/** A team `page`'s person created (they lead it), for its page. */
export async function createdTeam(page: Page, name: string): Promise<string> {
  const created = await page.request.post("/api/teams", { data: { kind: "walking", name, password: "passons-le" } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

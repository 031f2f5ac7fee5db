import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { confirmedUser, expect, test } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";

/*
 * Issue 43: no page of the app, signed in or out, in either language, says
 * "Coming soon" / "Bientôt". This journey walks every page of the router as
 * each kind of person sees it (signed out, a participant with a team, an
 * employee with the workplace area, the official account with the admin
 * panel and two organisations' dashboards), opens every tab and every view
 * switch it finds, and reads the whole page each time: its text, hidden
 * parts included, and the names and hints of its controls.
 */

test.setTimeout(300_000);

const PLACEHOLDER = /coming soon|bientôt/i;
const LANGUAGES = ["en", "fr"] as const;
type Language = (typeof LANGUAGES)[number];

/** Every page of the router a person can open without an id of their own. */
const PAGES = [
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
const SIGNED_OUT_PAGES = ["/auth", "/forgot-password", "/forgot-email", "/onboarding"];
const SIGNED_IN_PAGES = ["/profile", "/act-history", "/business-dashboard"];

/** Everything a person can read on the page: its text (hidden parts too) and its controls' names, hints and alternatives. */
async function words(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [title], [placeholder], [alt], [aria-description]")].flatMap(
      (element) => ["aria-label", "title", "placeholder", "alt", "aria-description"].map((name) => element.getAttribute(name) ?? ""),
    );
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const script of body.querySelectorAll("script, style")) script.remove();
    return [document.title, body.textContent ?? "", ...attributes].join("\n");
  });
}

/** Lets the page's requests finish (a page that keeps a live connection open is read as it is after a few seconds). */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle", { timeout: 4_000 }).catch(() => undefined);
}

async function expectNoPlaceholder(page: Page, where: string): Promise<void> {
  const text = await words(page);
  const found = PLACEHOLDER.exec(text);
  expect(found ? text.slice(Math.max(0, found.index - 80), found.index + 40) : null, `a placeholder on ${where}`).toBeNull();
}

/**
 * Opens the page, then every tab and every view switch (a segmented
 * control's buttons) it shows, those that appear after a click included,
 * each once, reading the page after each. Returns how many it found.
 */
async function walk(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await settle(page);
  await expectNoPlaceholder(page, path);
  const seen = new Set<string>();
  const controls = page.locator('[role="tab"], [role="group"] > button[aria-pressed]');
  for (let opened = 0; opened < 80; opened += 1) {
    const keys = await controls.evaluateAll((elements) =>
      elements.map((element) => {
        const list = element.closest('[role="tablist"], [role="group"]');
        return {
          key: `${list?.getAttribute("aria-label") ?? list?.id ?? ""} › ${(element.textContent ?? "").trim()}`,
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
    if (await control.isEnabled().catch(() => false)) {
      await control.click();
      await settle(page);
      await expectNoPlaceholder(page, `${path} › ${keys[next]!.key}`);
    }
  }
  return seen.size;
}

async function browserIn(browser: Browser, language: Language) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  await context.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, user: { email: string; password: string }) {
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
}

async function walkAll(page: Page, paths: string[]): Promise<void> {
  let controls = 0;
  for (const path of paths) controls += await walk(page, path);
  // The walk really opened tabs and switches (the boards' and the profile's at least).
  expect(controls).toBeGreaterThan(3);
}

async function createdTeam(request: APIRequestContext, language: Language): Promise<string> {
  const created = await request.post("/api/teams", {
    data: { kind: "walking", name: `Marcheurs ${language} ${Date.now().toString(36)}`, password: "passons-le" },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

for (const language of LANGUAGES) {
  test.describe(`no "Coming soon" anywhere (${language})`, () => {
    test("signed out: every page and tab", async ({ browser }) => {
      const { context, page } = await browserIn(browser, language);
      await walkAll(page, [...PAGES, ...SIGNED_OUT_PAGES]);
      await context.close();
    });

    test("a participant with a team: every page and tab", async ({ browser, request }) => {
      const user = await confirmedUser(request, language);
      const { context, page } = await browserIn(browser, language);
      await signIn(page, user);
      const team = await createdTeam(page.request, language);
      await walkAll(page, [...PAGES, ...SIGNED_IN_PAGES, `/teams/${team}`]);
      await context.close();
    });

    test("an employee with the workplace area, and the official account: admin panel and dashboards", async ({ browser, request }) => {
      const employee = await confirmedUser(request, language);
      const { context, page } = await browserIn(browser, language);
      await signIn(page, employee);
      const { workplace } = (await (await page.request.get("/api/dev/demo-links")).json()) as {
        workplace: { code: string; employer: string };
      };
      expect((await page.request.post("/api/workplace/access", { data: { code: workplace.code } })).status()).toBe(200);
      await walkAll(page, ["/workplace-wellbeing", "/"]);
      await context.close();

      const official = await browserIn(browser, language);
      await signIn(official.page, officialAccount());
      const { items } = (await (await official.page.request.get("/api/admin/organizations?page=1")).json()) as {
        items: { id: string; name: string; type: string }[];
      };
      const employer = items.find((organization) => organization.name === workplace.employer)!;
      const other = items.find((organization) => organization.type !== "company")!;
      expect(employer && other).toBeTruthy();
      await walkAll(official.page, [
        "/admin",
        `/business-dashboard?org=${employer.id}`,
        `/business-dashboard?org=${other.id}`,
        "/workplace-wellbeing",
      ]);
      await official.context.close();
    });
  });
}

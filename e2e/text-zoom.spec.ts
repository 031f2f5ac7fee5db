import type { Page } from "@playwright/test";
import { confirmedUser, expect, test } from "./support/fixtures.js";
import { networkQuiet } from "./support/network-quiet.js";

/*
 * Issue 44 §6: with text alone at 200 % on a 390 px phone (WCAG 1.4.4 and
 * 1.4.10), no page scrolls sideways and the bottom navigation's labels stay
 * apart. Kindly sizes everything in rem, so doubling the root font size is
 * what a browser's "text size 200 %" setting does.
 */

test.setTimeout(300_000);
test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: "block" });

const SIGNED_OUT = [
  "/",
  "/leaderboards",
  "/map",
  "/faq",
  "/game-rules",
  "/privacy",
  "/terms",
  "/for-organisations",
  "/contact",
  "/auth?tab=signup",
];
const SIGNED_IN = ["/", "/profile", "/my-acts", "/teams", "/contests", "/workplace-wellbeing", "/onboarding"];

/** The page at 200 % text: how wide it scrolls, and whether two labels of the bottom navigation overlap. */
async function atDoubleText(page: Page, path: string) {
  await page.goto(path);
  await networkQuiet(page);
  await page.evaluate(() => (document.documentElement.style.fontSize = "200%"));
  return endAndBar(page);
}

/**
 * The page scrolled to its end: whether its last line shows above the bottom
 * navigation (its raised scan button included), and whether two of the bar's
 * labels overlap. The bar's space is measured after a resize (two frames).
 */
async function endAndBar(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight);
    const nav = document.querySelector("nav.fixed")!;
    const barTop = Math.min(...[nav, ...nav.querySelectorAll("*")].map((element) => element.getBoundingClientRect().top));
    const lastLine = document.querySelector("footer p:last-child")!.getBoundingClientRect().bottom;
    const labels = [...document.querySelectorAll("nav.fixed a, nav.fixed button")].map((control) => {
      const range = document.createRange();
      range.selectNodeContents(control);
      return range.getBoundingClientRect();
    });
    const overlapping = labels.some((a, i) =>
      labels.slice(i + 1).some((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom && b.top < a.bottom),
    );
    return {
      path: location.pathname,
      scrollWidth: document.documentElement.scrollWidth,
      width: document.documentElement.clientWidth,
      labels: labels.length,
      overlapping,
      offScreen: labels.some((label) => label.left < -1 || label.right > document.documentElement.clientWidth + 1),
      endCovered: lastLine > barTop + 1,
    };
  });
}

async function expectNoSidewaysScroll(page: Page, paths: string[]) {
  for (const path of paths) {
    const seen = await atDoubleText(page, path);
    expect(seen.labels, `${path}: the bottom navigation is there`).toBeGreaterThanOrEqual(5);
    expect({
      path,
      scrollWidth: seen.scrollWidth,
      overlapping: seen.overlapping,
      offScreen: seen.offScreen,
      endCovered: seen.endCovered,
    }).toEqual({
      path,
      scrollWidth: seen.width,
      overlapping: false,
      offScreen: false,
      // The page's last line ends above the bar, raised button included (issue 61 §4).
      endCovered: false,
    });
  }
}

for (const language of ["en", "fr"] as const) {
  test(`text at 200 % on a 390 px phone never makes a page scroll sideways (${language})`, async ({ page, request, baseURL }) => {
    await page.context().addCookies([{ name: "kindly.language", value: language, url: baseURL! }]);
    await page.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
    await expectNoSidewaysScroll(page, SIGNED_OUT);

    const user = await confirmedUser(request, language);
    expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
    const { workplace } = (await (await page.request.get("/api/dev/demo-links")).json()) as { workplace: { code: string } };
    expect((await page.request.post("/api/workplace/access", { data: { code: workplace.code } })).status()).toBe(200);
    await expectNoSidewaysScroll(page, SIGNED_IN);
  });
}

test("every page starts with a skip link to its content, and at normal text the bar covers no end of page", async ({ page }) => {
  for (const path of ["/", "/faq", "/leaderboards"]) {
    await page.goto(path);
    await networkQuiet(page);
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main")).toBeFocused();
    expect((await endAndBar(page)).endCovered, path).toBe(false);
  }
});

/** Focusable things taller than the screen (issue 61 §4): a focus ring there has no end in sight. */
async function tallFocusables(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const FOCUSABLE = 'a[href], button, input, select, textarea, summary, iframe, [tabindex]:not([tabindex="-1"])';
    return [...document.querySelectorAll<HTMLElement>(FOCUSABLE)]
      .filter((element) => !(element as HTMLButtonElement).disabled && element.getClientRects().length > 0)
      .filter((element) => element.getBoundingClientRect().height > window.innerHeight)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}[role=${element.getAttribute("role")}] ${Math.round(element.getBoundingClientRect().height)}px`,
      );
  });
}

test("no focusable block is taller than a 390 × 844 screen, on any page or workplace tab", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  const user = await confirmedUser(request);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  const { workplace } = (await (await page.request.get("/api/dev/demo-links")).json()) as { workplace: { code: string } };
  expect((await page.request.post("/api/workplace/access", { data: { code: workplace.code } })).status()).toBe(200);
  const workplaceTabs = ["prevention", "surveys", "training", "policies", "committee", "challenges", "settings"].map(
    (tab) => `/workplace-wellbeing?tab=${tab}`,
  );
  for (const path of [...SIGNED_OUT, ...SIGNED_IN, ...workplaceTabs]) {
    await page.goto(path);
    await networkQuiet(page);
    // A workplace tab's panel (taller than the screen, once drawn) loads after the page.
    if (path.startsWith("/workplace-wellbeing")) await expect(page.getByRole("tabpanel")).toBeVisible();
    expect({ path, tall: await tallFocusables(page) }).toEqual({ path, tall: [] });
  }
});

import type { Page } from "@playwright/test";
import { confirmedUser, expect, test } from "./support/fixtures.js";
import { demoLinks, ENGLISH } from "./support/scan-page.js";

/*
 * Issue 44 §6: on a phone, the control that has the keyboard's focus is never
 * hidden (WCAG 2.4.11): not under the fixed bottom navigation, not off the
 * screen. A person tabs through sign-up, a card's reveal and the workplace
 * quiz; after each Tab the focused element must lie wholly inside the part of
 * the screen the navigation does not cover (or be part of the navigation).
 */

test.setTimeout(180_000);
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, serviceWorkers: "block" });

/** Where the focused element is, against the visible area above the bottom navigation. */
async function focusedPlace(page: Page) {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return null;
    const nav = document.querySelector("nav[aria-label].fixed") as HTMLElement | null;
    const box = focused.getBoundingClientRect();
    const navTop = nav ? nav.getBoundingClientRect().top : window.innerHeight;
    return {
      name: `${focused.tagName.toLowerCase()} "${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim().slice(0, 40)}"`,
      inNav: Boolean(nav?.contains(focused)),
      top: box.top,
      bottom: box.bottom,
      visibleBottom: navTop,
    };
  });
}

/** Presses Tab `times` times (or until focus leaves the page), checking each stop. Returns how many controls it reached. */
async function tabThrough(page: Page, times: number): Promise<number> {
  let reached = 0;
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press("Tab");
    const place = await focusedPlace(page);
    if (!place) continue;
    reached += 1;
    if (place.inNav) continue;
    expect(place.top, `${place.name} starts above the screen`).toBeGreaterThanOrEqual(-1);
    // A region taller than the screen (a tab's panel) shows its start; anything else shows whole.
    const limit = place.bottom - place.top > place.visibleBottom ? place.top : place.bottom;
    expect(limit, `${place.name} is hidden under the bottom navigation`).toBeLessThanOrEqual(place.visibleBottom + 1);
  }
  return reached;
}

test("the focused control is never hidden at 390 px: sign-up, a card's reveal, the workplace quiz", async ({ page, request, browser }) => {
  await page.goto("/auth?tab=signup");
  await expect(page.getByLabel("Username")).toBeVisible();
  expect(await tabThrough(page, 30)).toBeGreaterThan(8);

  // A card's reveal, from the envelope to the card's actions.
  const user = await confirmedUser(request);
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: "block" });
  const phone = await context.newPage();
  expect((await phone.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  const links = await demoLinks(request);
  await phone.goto(links.physical.path);
  await expect(phone.getByRole("button", { name: ENGLISH.envelope })).toBeVisible();
  await tabThrough(phone, 5);
  await phone.getByRole("button", { name: ENGLISH.envelope }).click();
  await phone.getByRole("button", { name: ENGLISH.openCard }).click();
  await expect(phone.getByTestId("act-number")).toBeVisible();
  expect(await tabThrough(phone, 25)).toBeGreaterThan(5);

  // The workplace quiz: the employee unlocks the area and opens the prevention quiz.
  const { workplace } = (await (await phone.request.get("/api/dev/demo-links")).json()) as { workplace: { code: string } };
  expect((await phone.request.post("/api/workplace/access", { data: { code: workplace.code } })).status()).toBe(200);
  await phone.goto("/workplace-wellbeing");
  await phone.getByRole("tab", { name: "Policies" }).click();
  await phone.getByRole("region", { name: "Harassment prevention quiz" }).getByRole("button", { name: "Start the quiz" }).click();
  await expect(phone.getByRole("radio").first()).toBeVisible();
  expect(await tabThrough(phone, 25)).toBeGreaterThan(4);
  await context.close();
});

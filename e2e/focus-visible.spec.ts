import type { Page } from "@playwright/test";
import { confirmedUser, expect, test } from "./support/fixtures.js";
import { demoLinks, ENGLISH } from "./support/scan-page.js";
import { networkQuiet } from "./support/network-quiet.js";

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
  await expect(phone.getByTestId("act-number")).toBeVisible();
  // The reveal settles first: the card turns by itself and takes the focus, and what comes after it (the
  // reminder's offer) arrives; a Tab pressed meanwhile would be measured against a page still growing.
  await expect(phone.getByRole("button", { name: /^Flip / })).toBeFocused();
  await networkQuiet(phone);
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

/** The element with the keyboard's focus, described: never the page itself after a step. */
async function focusedDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement | null;
    if (!focused || focused === document.body) return "the page itself";
    return `${focused.tagName.toLowerCase()} ${(focused.getAttribute("aria-label") ?? focused.textContent ?? "").trim()}`;
  });
}

test("focus is never lost: each step, the reveal, each question and a closed dialog leave it on what comes next", async ({
  page,
  request,
  browser,
}) => {
  // The first day's steps: each step's title takes the focus, forward and back (Back turns disabled on the first).
  const user = await confirmedUser(request);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  await page.goto("/onboarding");
  await expect(page.getByRole("heading", { name: "Welcome to Kindly", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Next" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "How it works", level: 1 })).toBeFocused();
  await page.getByRole("button", { name: "Back" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Welcome to Kindly", level: 1 })).toBeFocused();

  // A dialog closed with Escape gives the focus back to the button that opened it: the More menu.
  const more = page.getByRole("navigation", { name: "Main navigation" }).getByRole("button", { name: "More" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "More pages" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(more).toBeFocused();

  // The reveal by keyboard: the envelope (the one tap that records the act) gives way to the card's own button,
  // and the status says one sentence, without the buttons' labels.
  const context = await browser.newContext({ viewport: PHONE, serviceWorkers: "block", reducedMotion: "reduce" });
  const phone = await context.newPage();
  expect((await phone.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  const links = await demoLinks(request);
  await phone.goto(links.physical.path);
  await phone.getByRole("button", { name: ENGLISH.envelope }).focus();
  await phone.keyboard.press("Enter");
  await expect(phone.getByRole("button", { name: /^Flip / })).toBeFocused();
  const number = (await phone.getByTestId("act-number").innerText()).replace(/\D/g, "");
  await expect(phone.getByRole("status").filter({ hasText: "recorded" })).toHaveText(
    // This person's first act: its number, its rarity and the achievement it earned, as one sentence.
    new RegExp(
      `^Act number ${Number(number).toLocaleString("en-CA")} recorded: (Bronze Participation|Silver Merit|Gold Achievement|Platinum Excellence), and an achievement unlocked: [^.]+\\.$`,
    ),
  );

  // The workplace quiz: after Next, the new question's first option has the focus (Next turns disabled until it is answered).
  const { workplace } = (await (await phone.request.get("/api/dev/demo-links")).json()) as { workplace: { code: string } };
  expect((await phone.request.post("/api/workplace/access", { data: { code: workplace.code } })).status()).toBe(200);
  await phone.goto("/workplace-wellbeing");
  await phone.getByRole("tab", { name: "Policies" }).click();
  // Starting gives the focus to the quiz's title (the button pressed is gone), then each Next to the next question's option.
  await phone.getByRole("region", { name: "Harassment prevention quiz" }).getByRole("button", { name: "Start the quiz" }).focus();
  await phone.keyboard.press("Enter");
  await expect(phone.getByRole("heading", { name: "Harassment prevention quiz" })).toBeFocused();
  await expect(phone.getByRole("radio").first()).toBeVisible();
  const firstQuestion = await phone.locator("legend").innerText();
  await phone.getByRole("radio").first().focus();
  await phone.keyboard.press("Space");
  await phone.getByRole("button", { name: "Next" }).focus();
  await phone.keyboard.press("Enter");
  await expect(phone.locator("legend")).not.toHaveText(firstQuestion);
  await expect(phone.getByRole("radio").first()).toBeFocused();
  expect(await focusedDescription(phone)).not.toBe("the page itself");
  await context.close();
});

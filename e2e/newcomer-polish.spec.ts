import type { Page } from "@playwright/test";
import { AuthPageObject } from "./support/auth-page.js";
import { confirmedUser, expect, expectAccessible, test, type NewUser } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";
import { demoLinks, ENGLISH, pageNear, ScanPageObject } from "./support/scan-page.js";

// What a newcomer trips on (issue 26 §2 and §7): a home that is theirs, the
// organisation card, the official account's first steps, the upcoming contest,
// wrapped labels, the teams line and the map's "you are here".

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

async function signIn(page: Page, user: NewUser) {
  // The page's own request context gives the browser the session cookie.
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
}

test("home opens on the person: one next step on the first day, then the streak, week, milestone, tickets and latest act", async ({
  page,
  request,
}) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request);
  await signIn(page, user);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Your first act is one scan away" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Scan a code" })).toHaveAttribute("href", "/scan");
  // Nothing of the person's is a zero yet: no figures of theirs are shown.
  await expect(page.getByTestId("my-home")).toHaveCount(0);
  await expectAccessible(page);
  // The organisation card leads to the registration form.
  await page.getByRole("link", { name: "Register my organization" }).click();
  await expect(page).toHaveURL(/\/register-organization$/);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(links.physical.path);
  const shown = await new ScanPageObject(page, ENGLISH).openCard();
  await page.goto("/");
  const mine = page.getByTestId("my-home");
  await expect(mine.locator("div").filter({ hasText: "Streak" }).locator("dd")).toHaveText("1 day");
  await expect(mine.locator("div").filter({ hasText: "This week" }).locator("dd")).toHaveText("1 act");
  await expect(mine.locator("div").filter({ hasText: "Contest tickets" }).locator("dd")).toHaveText("1 ticket");
  await expect(page.getByText("Today’s act counts. Come back tomorrow to keep your streak going.")).toBeVisible();
  // How a streak freeze is earned, before one is held (issue 60 §3).
  await expect(page.getByTestId("freeze-next")).toHaveText("6 more days in a row earn you a streak freeze, which covers a day you miss.");
  await expect(page.getByText("9 more acts to reach 10.")).toBeVisible();
  await expect(page.getByTestId("my-latest-act")).toContainText(shown);
  await expectAccessible(page);
  // The movement's counters stay below.
  await expect(page.getByTestId("global-count")).toBeVisible();
});

test("home names the nearest place when location was already allowed, and never asks for it", async ({ browser, request }) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request);
  // Allowed before, 30 m from a place.
  const allowed = await pageNear(browser, links.virtual.near!, 0.00027);
  await allowed.page.setViewportSize(PHONE);
  await signIn(allowed.page, user);
  await allowed.page.goto("/");
  await expect(allowed.page.getByTestId("nearest-place")).toBeVisible();
  await expect(allowed.page.getByText(/^\d{2} m from you$/)).toBeVisible();
  await allowed.context.close();

  // Not allowed: the home page shows no place and asks nothing (Chromium would fail the request without a prompt here).
  const notAllowed = await browser.newContext({ viewport: PHONE });
  const page = await notAllowed.newPage();
  await page.addInitScript(() => {
    localStorage.setItem("kindly.language", "en");
    (window as unknown as { asked: number }).asked = 0;
    navigator.geolocation.getCurrentPosition = () => {
      (window as unknown as { asked: number }).asked += 1;
    };
  });
  await signIn(page, user);
  await page.goto("/");
  await expect(page.getByTestId("global-count")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("nearest-place")).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
  await notAllowed.close();
});

test("the official account lands home, not on the participants' tour, and reaches dashboards from More", async ({ page }) => {
  const official = officialAccount();
  await page.goto("/auth");
  await new AuthPageObject(page).signIn(official.email, official.password);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("button", { name: "More" }).click();
  await page.getByRole("link", { name: "Organization dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Choose an organization" })).toBeVisible();
  await page.getByRole("link", { name: "Open the list of organizations" }).click();
  await expect(page).toHaveURL(/\/admin\?tab=organizations/);
  await expectAccessible(page);
});

test("More offers the organisation dashboard only to people who have one; the profile offers teams to join or create", async ({
  page,
  request,
}) => {
  const user = await confirmedUser(request);
  await signIn(page, user);
  await page.goto("/profile");
  // The spec's join forms, open now (no "Coming soon"): name and password, the button live once both are filled.
  const teams = page.getByRole("region", { name: "Teams", exact: true });
  for (const kind of ["friends and family", "work"]) {
    const join = teams.getByRole("form", { name: `Join a ${kind} team` });
    await expect(join.getByRole("button", { name: "Join", exact: true })).toBeDisabled();
    await expect(teams.getByRole("button", { name: `Create a ${kind} team` })).toBeVisible();
  }
  await page.getByRole("button", { name: "More" }).click();
  await expect(page.getByRole("link", { name: "Leaderboards" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Organization dashboard" })).toHaveCount(0);
});

test("/contests shows the upcoming contest with its dates beside the running one", async ({ page }) => {
  await page.goto("/contests");
  const upcoming = page.getByTestId("upcoming-contest");
  await expect(upcoming.getByText("Next contest")).toBeVisible();
  await expect(upcoming.getByText(/^From \w+ \d{1,2}, \d{4} to \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expectAccessible(page);
});

test("a checkbox keeps its size when its label wraps on a phone", async ({ page, request }) => {
  const user = await confirmedUser(request);
  await signIn(page, user);
  await page.goto("/profile");
  await page.getByRole("button", { name: "Change password" }).click();
  const box = page.getByRole("checkbox", { name: "Sign out of my other devices" });
  await expect(box).toBeVisible();
  const size = await box.boundingBox();
  expect(size && Math.round(size.width)).toBe(20);
  expect(size && Math.round(size.height)).toBe(20);
});

test('on the map, a place under "you are here" still opens when tapped', async ({ browser, request }) => {
  const links = await demoLinks(request);
  // Standing a few metres south of the place: Leaflet stacks a southern marker above a northern one.
  const { context, page } = await pageNear(browser, links.virtual.near!, -0.00003);
  await page.setViewportSize(PHONE);
  await page.goto("/map");
  await page.getByRole("button", { name: "Show places near me" }).click();
  await expect(page.getByTitle("You are here")).toBeAttached();
  // The printed name is "Organisation — Place"; the marker is named for the place.
  const placeName = new URL(links.virtual.path, "http://x").searchParams.get("name")!.split(" — ").pop()!;
  const place = page.getByTitle(placeName, { exact: true });
  const zIndex = async (marker: typeof place) => Number(await marker.evaluate((element) => getComputedStyle(element).zIndex));
  expect(await zIndex(page.getByTitle("You are here"))).toBeLessThan(await zIndex(place));
  // A click lands on what is on top: Playwright refuses to click a marker another element covers.
  await place.click();
  await expect(page.locator(".leaflet-popup")).toBeVisible();
  await context.close();
});

test('the leaderboard marks "you", says where you stand, and offers your username in one tap', async ({ page, request }) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request);
  await signIn(page, user);
  await page.emulateMedia({ reducedMotion: "reduce" });
  // Two acts (two organisations' cards): ahead of the many one-act accounts other journeys leave, so the row is in the top 50.
  for (const link of [links.physical, links.portable]) {
    await page.goto(link.path);
    await new ScanPageObject(page, ENGLISH).openCard();
  }
  await page.goto("/leaderboards?tab=receivers&period=all");
  const myRow = page.getByTestId("leaderboard").locator("tr[aria-current=true]");
  await expect(myRow).toContainText("You");
  await expect(myRow).toContainText(/Kindly #/);
  const place = page.getByTestId("my-place");
  await expect(place.getByText(/^Rank \d+, with 2 acts\.$/)).toBeVisible();
  await expectAccessible(page);
  await place.getByRole("button", { name: "Show my username instead" }).click();
  await expect(myRow).toContainText(user.username);
  await expect(place.getByRole("button", { name: "Show my username instead" })).toHaveCount(0);
  // The profile says so too: the choice is the privacy card's.
  await page.goto("/profile");
  await expect(page.getByRole("checkbox", { name: "Show my username on leaderboards" })).toBeChecked();
});

import { AuthPageObject } from "./support/auth-page.js";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { demoLinks, ENGLISH, FRENCH, pageNear, ScanPageObject } from "./support/scan-page.js";

test("a virtual code inside the radius records an act that shows on the home feed, profile and history", async ({ browser, request }) => {
  const links = await demoLinks(request);
  // 30 m north of the location: inside its 100 m radius.
  const { context, page } = await pageNear(browser, links.virtual.near!, 0.00027);
  const user = await confirmedUser(request);
  await page.goto(links.virtual.path);
  // Signed out: the position is judged where the person stands, the act kept, then sign-in and straight to the card.
  const scan = new ScanPageObject(page, ENGLISH);
  await expect(page.getByRole("heading", { name: "Confirm where you are" })).toBeVisible();
  await expectAccessible(page);
  await scan.shareLocation();
  await expect(page).toHaveURL(/\/auth\?tab=signup&claim=/);
  await expect(page.getByRole("heading", { name: /^Your act at .+ is waiting$/ })).toBeVisible();
  const auth = new AuthPageObject(page);
  await auth.keepAct();
  await auth.switchToSignIn();
  await auth.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/scan-qr\?claim=/);
  const actNumber = await scan.openKeptCard();
  await expect(page.locator("blockquote")).not.toBeEmpty();
  await scan.flipBackAndForth();
  await expectAccessible(page);

  // Every view shows the act without a reload of the app.
  await page.getByRole("link", { name: "Home" }).first().click();
  await expect(page.getByTestId("live-feed")).toContainText(actNumber);
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByTestId("act-numbers")).toContainText(actNumber);
  const totalActs = page
    .getByTestId("my-stats")
    .locator("div")
    .filter({ has: page.getByText("Total acts", { exact: true }) });
  await expect(totalActs.locator("dd")).toHaveText("1");
  // The achievement as the profile keeps it (its toast comes and goes; a busy machine can miss it).
  await expect(page.getByRole("heading", { name: "Achievements (1/11)" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "First Record" }).filter({ hasText: "Earned" })).toHaveCount(1);
  await page.goto("/act-history");
  await expect(page.getByTestId("act-history")).toContainText(actNumber);
  await expect(page.getByTestId("act-history")).toContainText("Location");
  await expectAccessible(page);

  // The same code again the same day: Already scanned, before any card is opened.
  await page.goto(links.virtual.path);
  await expect(page.getByRole("heading", { name: "Already scanned" })).toBeVisible();
  // A friendly status, not an error: when the place counts again, and the map.
  await expect(page.getByRole("status").filter({ hasText: "You already recorded an act at this place today" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "(midnight, Eastern Time)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Find other places on the map" })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test("a position outside the radius is caught at the location step, with the distance", async ({ browser, request }) => {
  const links = await demoLinks(request);
  // About 1.1 km away.
  const { context, page } = await pageNear(browser, links.virtual.near!, 0.01);
  const user = await confirmedUser(request);
  await page.goto("/auth");
  await new AuthPageObject(page).signIn(user.email, user.password);
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  await page.goto(links.virtual.path);
  const scan = new ScanPageObject(page, ENGLISH);
  await scan.shareLocation();
  // Said before any envelope is offered (the server still decides when a card is opened).
  await expect(page.getByRole("heading", { name: "A little closer" })).toBeVisible();
  await expect(page.getByText(/^You are 1,1\d\d m from this place; come within 100 m\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: ENGLISH.envelope })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Check my position again" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Find other places on the map" }).click();
  await expect(page).toHaveURL(/\/map/);
  await page.goto("/profile");
  await expect(page.getByText("No acts yet. Your first scan will appear here.")).toBeVisible();
  await context.close();
});

test("en français : une carte physique fonctionne de n’importe où, une seule fois", async ({ page, request }) => {
  const links = await demoLinks(request);
  await page.addInitScript(() => localStorage.setItem("kindly.language", "fr"));
  const user = await confirmedUser(request, "fr");
  // Signing in through the page's own request context gives the browser the session cookie.
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  await page.goto(links.physical.path);
  const scan = new ScanPageObject(page, FRENCH);
  await expect(page.getByRole("heading", { name: "Votre carte de bienveillance" })).toBeVisible();
  const actNumber = await scan.openCard();
  await scan.flipBackAndForth();
  await expectAccessible(page);

  await page.goto("/act-history");
  await expect(page.getByRole("heading", { name: "Historique des gestes", level: 1 })).toBeVisible();
  await expect(page.getByTestId("act-history")).toContainText(actNumber);
  await expect(page.getByTestId("act-history")).toContainText("Carte physique");

  await page.goto(links.physical.path);
  await expect(page.getByRole("heading", { name: "Déjà scanné" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "vous avez déjà enregistré celle-ci" })).toBeVisible();

  await page.goto("/contests");
  await expect(page.getByRole("heading", { name: "Concours", level: 1 })).toBeVisible();
  await expect(page.getByTestId("my-tickets")).toHaveText("1");
  await expectAccessible(page);
});

test("an incomplete or forged link shows the Invalid QR code screen", async ({ page, request }) => {
  const links = await demoLinks(request);
  await page.goto("/scan-qr?org=x&type=virtual");
  await expect(page.getByRole("heading", { name: "Invalid QR code" })).toBeVisible();
  await expect(page.getByText("The QR code you scanned is not valid or is missing required information.")).toBeVisible();
  await expectAccessible(page);

  const user = await confirmedUser(request);
  await page.goto("/auth");
  await new AuthPageObject(page).signIn(user.email, user.password);
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveCount(0);
  const forged = links.virtual.path.replace("type=virtual", "type=physical");
  await page.goto(forged);
  await expect(page.getByRole("heading", { name: "Invalid QR code" })).toBeVisible();
  await page.getByRole("link", { name: "Go back" }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test("leaderboards switch tabs, boards and periods through the address", async ({ page }) => {
  await page.goto("/leaderboards");
  await expect(page.getByRole("heading", { name: "Leaderboards", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Friends and family teams" }).click();
  await expect(page).toHaveURL(/tab=receivers&type=walking_team&period=monthly/);
  await expect(page.getByRole("button", { name: "Friends and family teams" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Givers" }).click();
  await page.getByRole("button", { name: "Organizations" }).click();
  await page.getByRole("button", { name: "All time" }).click();
  await expect(page).toHaveURL(/tab=givers&type=organisation&period=all/);
  await expect(page.getByRole("button", { name: "All time" })).toHaveAttribute("aria-pressed", "true");
  await expectAccessible(page);
});

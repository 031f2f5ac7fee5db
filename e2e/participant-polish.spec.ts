import type { Page } from "@playwright/test";
import en from "../src/shared/i18n/messages/en/app.json" with { type: "json" };
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { demoLinks, ENGLISH, FRENCH, pageNear, ScanPageObject } from "./support/scan-page.js";
import { signIn } from "./support/page-walk.js";
import { expectedTitle, PUBLIC_PAGES, SIGNED_IN_PAGES } from "./support/page-titles.js";

/*
 * The participant's experience on a phone (390 × 844), in English and French:
 * Scan in the bottom bar, the reveal with and without motion, the distance
 * said before any card, a friendly "already scanned", content that follows a
 * language switch and a title per page (how act history and the profile
 * look: profile-screens.spec.ts).
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

/** Animations and transitions running on the page now (CSS ones included). */
const runningAnimations = (page: Page) =>
  page.evaluate(() => document.getAnimations().filter((animation) => animation.playState === "running").length);

test("the Scan tab sits in the middle of the bottom bar and opens the camera scanner, with the how-to one tap away", async ({ page }) => {
  await page.goto("/");
  const bar = page.getByRole("navigation", { name: "Main navigation" });
  const tabs = bar.getByRole("link");
  const names = await tabs.allInnerTexts();
  // Home, Map, Scan, Profile, then the More button: Scan is the middle link of five controls.
  expect(names.map((name) => name.trim())).toEqual(["Home", "Map", "Scan", "Profile"]);
  await bar.getByRole("link", { name: "Scan" }).click();
  await expect(page).toHaveURL(/\/scan$/);
  await expect(page.getByRole("heading", { name: "How to scan", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Start the camera" })).toBeVisible();
  await page.getByRole("link", { name: "How scanning works" }).click();
  await expect(page.getByRole("heading", { name: "How scanning works", level: 2 })).toBeInViewport();
  await expect(page.getByRole("button", { name: "More" })).toBeVisible();
  await expectAccessible(page);
});

for (const motion of ["no-preference", "reduce"] as const) {
  test(`a card's reveal with motion ${motion === "reduce" ? "reduced" : "on"}: envelope, card, rarity and the announcement`, async ({
    page,
    request,
  }) => {
    const links = await demoLinks(request);
    await page.emulateMedia({ reducedMotion: motion });
    const user = await confirmedUser(request);
    await signIn(page, user);
    await page.goto(links.physical.path);
    const envelope = page.getByRole("button", { name: ENGLISH.envelope });
    await expect(envelope).toBeVisible();
    await expectAccessible(page);
    // The one tap that records the act (issue 60); the card comes out and turns over by itself.
    await envelope.click();
    await expect(page.getByTestId("act-number")).toBeVisible();
    // Without motion the card is there at once, and nothing moves.
    if (motion === "reduce") expect(await runningAnimations(page)).toBe(0);
    const actNumber = (await page.getByTestId("act-number").textContent())!.trim();
    const scan = new ScanPageObject(page, ENGLISH);

    // The back is dressed in its rarity's metal, and the badge says which.
    const badge = page.getByTestId("act-rarity");
    const rarity = await badge.getAttribute("data-rarity");
    expect(["bronze", "silver", "gold", "platinum"]).toContain(rarity);
    const back = page.locator(".kindly-card-back");
    await expect(back).toHaveAttribute("data-rarity", rarity!);
    await expect(back).toContainText(actNumber);
    // Front and back both carry the organisation.
    const organization = (await page.locator(".kindly-card-front p.text-2xl").textContent())!;
    expect(organization.length).toBeGreaterThan(0);
    await expect(back).toContainText(organization);
    // Each of the four metals has its own look (this card shows one; the page's styles hold all four).
    const looks = await page.evaluate(() =>
      ["bronze", "silver", "gold", "platinum"].map((metal) => {
        const probe = document.createElement("div");
        probe.className = "kindly-card-back";
        probe.dataset.rarity = metal;
        document.body.append(probe);
        const look = getComputedStyle(probe).backgroundImage;
        probe.remove();
        return look;
      }),
    );
    expect(new Set(looks).size).toBe(4);
    for (const look of looks) expect(look).toContain("gradient");
    // A celebration only for the rare metals.
    const celebrated = rarity === "gold" || rarity === "platinum";
    await expect(page.getByText("A rare card! Congratulations!")).toHaveCount(celebrated ? 1 : 0);

    // Screen readers hear the act whatever the motion setting, in one sentence with the achievement this first act earned.
    const spoken = `Act number ${actNumber.replace("#", "")} recorded: ${en.rarity[rarity as keyof typeof en.rarity]}, and an achievement unlocked: ${en.achievements.first_record.name}.`;
    await expect(page.getByRole("status").filter({ hasText: "recorded" })).toHaveText(spoken);
    if (motion === "reduce") {
      await scan.flipBackAndForth();
      expect(await runningAnimations(page)).toBe(0);
      await expect(page.locator(".kindly-confetti, .kindly-card-shine").filter({ visible: true })).toHaveCount(0);
    }
    await expectAccessible(page);
  });
}

test("en français, à 1,1 km : la distance est dite dès l'étape de la position, et un lieu déjà scanné l'est gentiment", async ({
  browser,
  request,
}) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request, "fr");

  // About 1.1 km north of the place: refused before any envelope is offered.
  const far = await pageNear(browser, links.virtual.near!, 0.01, "fr");
  await far.page.setViewportSize(PHONE);
  await signIn(far.page, user);
  await far.page.goto(links.virtual.path);
  const farScan = new ScanPageObject(far.page, FRENCH);
  await farScan.shareLocation();
  await expect(far.page.getByRole("heading", { name: "Un peu plus près" })).toBeVisible();
  // French groups thousands with a narrow space and puts a space before the unit.
  await expect(far.page.getByText(/^Vous êtes à 1\s1\d\d\sm de ce lieu; approchez-vous à moins de 100\sm\.$/)).toBeVisible();
  await expect(far.page.getByRole("button", { name: FRENCH.envelope })).toHaveCount(0);
  await expect(far.page.getByRole("button", { name: "Vérifier ma position de nouveau" })).toBeVisible();
  await expect(far.page.getByRole("link", { name: "Trouver d’autres lieux sur la carte" })).toBeVisible();
  await expectAccessible(far.page);
  await far.context.close();

  // 30 m away, with reduced motion: recorded; then the same place again is a friendly status.
  const near = await pageNear(browser, links.virtual.near!, 0.00027, "fr");
  await near.page.setViewportSize(PHONE);
  await near.page.emulateMedia({ reducedMotion: "reduce" });
  await signIn(near.page, user);
  await near.page.goto(links.virtual.path);
  const scan = new ScanPageObject(near.page, FRENCH);
  await scan.shareLocation();
  const actNumber = await scan.openCard();
  // The kind message (drawn at random) never says "tu", like the rest of the app.
  const message = near.page.locator("blockquote");
  await expect(message).toHaveText(/\p{L}{3,}/u);
  const french = (await message.textContent())!;
  expect(french).not.toMatch(/(^|[\s'’])(tu|te|t’|t'|toi|ton|ta|tes)(?=[\s,.!?]|$)/i);
  await expectAccessible(near.page);
  // Switching language keeps the card and the same message, in English, and back.
  await near.page.getByRole("button", { name: "EN – Switch to English" }).click();
  await expect(message).not.toHaveText(french);
  await expect(message).toHaveText(/\p{L}{3,}/u);
  // The same number, written as English writes it ("nº 28" is "#28").
  await expect(near.page.getByTestId("act-number")).toHaveText(actNumber.replace(/^nº\s/, "#"));
  await near.page.getByRole("button", { name: "FR – Passer au français" }).click();
  await expect(message).toHaveText(french);

  await near.page.goto(links.virtual.path);
  await expect(near.page.getByRole("heading", { name: "Déjà scanné" })).toBeVisible();
  const status = near.page.getByRole("status").filter({ hasText: "Vous avez déjà enregistré un geste à cet endroit aujourd’hui." });
  await expect(status).toContainText("(minuit, heure de l’Est)");
  // The day is written the French way, in lower case.
  await expect(status).toContainText(/à partir de (lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) /);
  await expectAccessible(near.page);
  await near.page.getByRole("link", { name: "Trouver d’autres lieux sur la carte" }).click();
  await expect(near.page).toHaveURL(/\/map/);
  await near.context.close();
});

test("switching language on /contests shows the contest in French without reloading the page", async ({ page, request }) => {
  const contestIn = async (language: "en" | "fr") =>
    ((await (await request.get("/api/contests", { headers: { "x-kindly-language": language } })).json()) as { contest: { name: string } })
      .contest.name;
  await page.goto("/contests");
  await expect(page.getByRole("heading", { name: "Contests", level: 1 })).toBeVisible();
  await expect(page.getByText(await contestIn("en"), { exact: true }).first()).toBeVisible();
  await expectAccessible(page);
  // A reload would lose this mark.
  await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

  await page.getByRole("button", { name: "FR – Passer au français" }).click();
  await expect(page.getByRole("heading", { name: "Concours", level: 1 })).toBeVisible();
  await expect(page.getByText(await contestIn("fr"), { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Grand prix", { exact: true }).first()).toBeVisible();
  await expect(page).toHaveTitle("Concours · Kindly");
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await expectAccessible(page);

  await page.getByRole("button", { name: "EN – Switch to English" }).click();
  await expect(page.getByText(await contestIn("en"), { exact: true }).first()).toBeVisible();

  // The contest's draw page names it from the server too.
  await page.getByRole("link", { name: "See the draw page" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(await contestIn("en"));
  await page.getByRole("button", { name: "FR – Passer au français" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(await contestIn("fr"));
  await expect(page).toHaveTitle("Tirage du concours · Kindly");
  expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
  await expectAccessible(page);
});

// The same pages in French, with what makes each French throughout: french.spec.ts.
test("every page has its own title in English, and passes axe", async ({ page, request }) => {
  // Every page, each checked by axe: room for a machine busy with other work.
  test.setTimeout(240_000);
  await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  for (const [path, words] of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(expectedTitle(en, words(en)));
    await expectAccessible(page);
  }
  await signIn(page, await confirmedUser(request, "en"));
  for (const [path, words] of SIGNED_IN_PAGES) {
    await page.goto(path);
    await expect(page, path).toHaveTitle(expectedTitle(en, words(en)));
    await expectAccessible(page);
  }
});

import type { Page } from "@playwright/test";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { cardOfItsOwn, demoLinks, ENGLISH, FRENCH, signedInPhone } from "./support/scan-page.js";

// Kindly's service worker is the subject here (the journeys' default blocks it: playwright.config.ts).
test.use({ serviceWorkers: "allow" });

/** The page is controlled by Kindly's service worker (what lets a code's page open with no network). */
async function underServiceWorker(page: Page) {
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const actsOf = async (page: Page) => ((await (await page.request.get("/api/me/acts")).json()) as { totalActs: number }).totalActs;

test("a card scanned with no network is saved on the phone, survives a reload, and shows its card once the network returns", async ({
  browser,
  request,
}) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request);
  const { context, page } = await signedInPhone(browser, user);
  try {
    await underServiceWorker(page);
    await context.setOffline(true);
    const card = cardOfItsOwn(links);
    await page.goto(card);
    await expect(page.getByRole("heading", { name: "Saved on this device" })).toBeVisible();
    await expect(page.getByText("1 scan is saved on this device: it will be sent when you’re back online.")).toBeVisible();
    await expectAccessible(page);

    // A reload, and the same code scanned again: still one scan kept, not two.
    await page.reload();
    await expect(page.getByRole("heading", { name: "Saved on this device" })).toBeVisible();
    await page.goto(card);
    await expect(page.getByText("1 scan is saved on this device: it will be sent when you’re back online.")).toBeVisible();
    // Another organisation's card: two wait.
    await page.goto(links.physical.path);
    await expect(page.getByText("2 scans are saved on this device: they will be sent when you’re back online.")).toBeVisible();

    // The network returns: both are recorded, and this page shows its card, opened with one tap.
    await context.setOffline(false);
    await page.getByRole("button", { name: ENGLISH.envelope }).click();
    await expect(page.getByTestId("act-number")).toHaveText(/^#[\d,]+$/);
    expect(await actsOf(page)).toBe(2);

    // The first one's card waits on any page, then the device forgets both once seen.
    await page.goto("/");
    const saved = page.getByTestId("saved-scans");
    await expect(saved).toContainText("is recorded.");
    await saved.getByRole("link", { name: "Open the card" }).click();
    await page.getByRole("button", { name: ENGLISH.envelope }).click();
    await expect(page.getByTestId("act-number")).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(saved).toHaveCount(0);
    expect(await actsOf(page)).toBe(2);
  } finally {
    await context.close();
  }
});

test("en français : un code tapé sans réseau est gardé, puis sa carte attend sur la page d’accueil au retour du réseau", async ({
  browser,
  request,
}) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request, "fr");
  const { context, page } = await signedInPhone(browser, user, "fr");
  try {
    await underServiceWorker(page);
    await page.goto("/scan");
    const field = page.getByRole("textbox", { name: "Code ou adresse" });
    await field.fill("pas-un-code");
    await page.getByRole("button", { name: "Ouvrir le code" }).click();
    await expect(page.getByText("Ce n’est pas un code Kindly.", { exact: false })).toBeVisible();
    await expectAccessible(page);

    // Typed as printed under the code, with the network cut: the app saves it.
    await context.setOffline(true);
    await field.fill(`kindly.example/c/${links.physical.short}`);
    await page.getByRole("button", { name: "Ouvrir le code" }).click();
    await expect(page.getByRole("heading", { name: "Gardé sur cet appareil" })).toBeVisible();
    await expect(page.getByText(`le code ${links.physical.short}`, { exact: false })).toBeVisible();
    await page.close();

    // Later, online, on the next visit: sent, and its card waits on the home page.
    await context.setOffline(false);
    const later = await context.newPage();
    await later.goto("/");
    const saved = later.getByTestId("saved-scans");
    await expect(saved).toContainText("est enregistré.");
    // Named now by its organisation, no longer "the code …" (issue 60).
    const organization = new URL(links.physical.path, "http://kindly.test").searchParams.get("name")!;
    await expect(saved).toContainText(`chez ${organization} est enregistré.`);
    await expect(saved).not.toContainText(links.physical.short!);
    await saved.getByRole("link", { name: "Ouvrir la carte" }).click();
    await later.getByRole("button", { name: FRENCH.envelope }).click();
    await expect(later.getByTestId("act-number")).toHaveText(/^nº\s[\d\s]+$/);
    expect(await actsOf(later)).toBe(1);
  } finally {
    await context.close();
  }
});

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, expectAccessible, test } from "./support/fixtures.js";

test("Chromium finds Kindly installable, and offline it shows the page that says what works offline", async ({ playwright, baseURL }) => {
  // A browser profile of its own: Chromium never offers to install from an incognito-like context.
  const profile = mkdtempSync(path.join(tmpdir(), "kindly-pwa-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...test.info().project.use.launchOptions,
    // The worker is the subject (the journeys' default blocks it: playwright.config.ts).
    serviceWorkers: "allow",
    baseURL,
    locale: "en-CA",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await page.addInitScript(() => {
    if (!localStorage.getItem("kindly.language")) localStorage.setItem("kindly.language", "en");
  });
  try {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    // Once the worker is active, a reload is a page it controls.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    // The installed app is named in the language this browser chose (its cookie).
    const manifest = await (await page.request.get("/manifest.webmanifest", { headers: { "accept-language": "fr-CA" } })).json();
    expect(manifest).toMatchObject({
      lang: "en",
      name: "Kindly: acts of kindness",
      translations: { fr: { name: "Kindly\u00a0: gestes de bienveillance" } },
    });

    await context.setOffline(true);
    await page.goto("/map");
    await expect(page.getByRole("heading", { name: "You’re offline" })).toBeVisible();
    await expect(
      page.getByText("Scanning a code: your scan is saved on this device and sent as soon as you’re back online; its card then shows."),
    ).toBeVisible();
    await expectAccessible(page);
    await page.evaluate(() => localStorage.setItem("kindly.language", "fr"));
    await page.goto("/leaderboards");
    await expect(page.getByRole("heading", { name: "Vous êtes hors ligne" })).toBeVisible();
    await expect(page).toHaveTitle("Kindly\u00a0: hors ligne");
    await expectAccessible(page);

    // Back online, "Try again" opens the page asked for.
    await context.setOffline(false);
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeVisible();
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

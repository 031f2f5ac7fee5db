import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./support/fixtures.js";
import { demoLinks } from "./support/scan-page.js";

/**
 * The scan page a link hands over to keeps a visitor's scan: a card's at once, and the visitor settles
 * on sign-up, told so (the scan page's own address is only passed through, too briefly to assert on);
 * a place's first asks where the person stands.
 */
async function expectScanKept(page: Page, type: "virtual" | "physical"): Promise<void> {
  if (type === "virtual") {
    await expect(page.getByRole("heading", { name: "Confirm where you are" })).toBeVisible();
    await expect(page).toHaveURL(/\/scan-qr\?org=[^&]+&loc=[^&]+&type=virtual/);
    return;
  }
  await expect(page.getByRole("heading", { name: /^Your act at .+ is waiting$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=signup&claim=[\w-]{43}$/);
}

test("/app-link-v2 speaks French: an incomplete link gets the invalid-QR message, a full one the place and the ways to open it", async ({
  page,
  request,
}) => {
  // The app is in English here; this page is French all the same.
  await page.goto("/app-link-v2?org=KND-000000&loc=abc");
  await expect(page.getByRole("heading", { name: "Code QR invalide" })).toBeVisible();
  // Titled in French too, once French's messages are there (it once read "titles.page" in an English app).
  await expect(page).toHaveTitle("Ouvrir un code Kindly · Kindly");
  await expect(page.getByText("Le code QR que vous avez scanné n’est pas valide ou il y manque des renseignements requis.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Aller à l’accueil" }).click();
  await expect(page).toHaveURL(/\/$/);

  const { physical } = await demoLinks(request);
  const query = physical.path.slice(physical.path.indexOf("?"));
  const name = new URLSearchParams(query).get("name")!;
  await page.goto(`/app-link-v2${query}`);
  await expect(page.getByRole("heading", { name: "Ouvrir ce code Kindly" })).toBeVisible();
  await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByText("Carte physique", { exact: true })).toBeVisible();
  // On a computer, with no store app published: install the web app, or continue in the browser.
  const choices = page.getByRole("region", { name: "Autres façons de l’ouvrir" });
  await expect(choices.getByRole("button", { name: "Installer l’application" })).toBeVisible();
  await expect(choices.getByRole("link", { name: "Visiter le site officiel" })).toBeVisible();
  await expectAccessible(page);
  await choices.getByRole("link", { name: "Continuer dans le navigateur" }).click();
  // The browser goes to the scan page, which keeps a visitor's scan and sends them on to sign up.
  await expectScanKept(page, "physical");
});

test("/app-link needs org and loc, and hands a phone's code to the web app; a launch link at / goes to the scan page once", async ({
  browser,
  request,
}) => {
  const { virtual } = await demoLinks(request);
  const query = virtual.path.slice(virtual.path.indexOf("?"));
  const phone = await browser.newContext({
    userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
  });
  const page = await phone.newPage();
  await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await page.goto("/app-link?type=virtual&name=Nowhere");
  await expect(page).toHaveURL(/\/$/);

  await page.goto(`/app-link${query}`);
  await expect(page.getByRole("heading", { name: "Open this Kindly code" })).toBeVisible();
  await expect(page.getByText("You’re on an Android device.")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Open Kindly" }).click();
  await expectScanKept(page, "virtual");

  // A fresh session opened at / with a code's parameters lands on the scan page (replacing /)…
  const launch = await phone.newPage();
  await launch.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await launch.goto(`/${query}`);
  await expectScanKept(launch, "virtual");
  // …and malformed parameters are ignored.
  const other = await browser.newPage();
  await other.goto("/?org=KND-1&loc=x&type=spaceship&name=Y");
  await expect(other.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(other).toHaveURL(/\/\?org=KND-1/);
  await other.close();
  await phone.close();
});

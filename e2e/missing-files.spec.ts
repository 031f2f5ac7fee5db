import { expect, test } from "./support/fixtures.js";

/*
 * A file of the app that does not arrive (a dropped connection, a restarting
 * server) must not leave a visitor on a dead page: the page loads itself again,
 * once, and then works.
 */

test("every script of the first page failing: the page loads again by itself and works", async ({ page }) => {
  let loads = 0;
  page.on("request", (request) => {
    if (request.isNavigationRequest()) loads += 1;
  });
  let failed = 0;
  await page.route("**/assets/*.js", (route) => {
    if (loads > 1) return route.continue();
    failed += 1;
    return route.abort("connectionreset");
  });
  await page.goto("/");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByLabel("Username")).toBeVisible();
  expect(failed).toBeGreaterThan(0);
  expect(loads).toBe(2);
});

test("a part opened later failing once: the page loads again and opens it", async ({ page }) => {
  let failures = 0;
  await page.route(/\/assets\/sign-up-form-[^/]+\.js$/, (route) => {
    if (failures > 0) return route.continue();
    failures += 1;
    return route.abort("connectionreset");
  });
  await page.goto("/");
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByLabel("Username")).toBeVisible();
  expect(failures).toBe(1);
});

import { expect, expectAccessible, test } from "./support/fixtures.js";

// The check every journey relies on must itself catch what it is for: a control with no name, text too faint to read.
test("the accessibility check refuses a page with a nameless button and faint text", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
    <h1>Check</h1><button><svg width="10" height="10"></svg></button>
    <p style="color:#ddd;background:#fff">Faint words</p></main></body></html>`);
  const refused = await expectAccessible(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(refused).toContain("button-name");
  expect(refused).toContain("color-contrast");
});

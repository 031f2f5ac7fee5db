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

// A page that never holds still (a clock, a live counter) still has its lasting violations reported: the check looks
// again after a change, and a violation still there after the last look fails the journey.
test("the accessibility check reports a lasting violation on a page that keeps changing", async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head><body><main>
    <h1>Check</h1><p id="clock">0</p><p style="color:#ddd;background:#fff">Faint words</p></main>
    <script>setInterval(() => { const clock = document.getElementById("clock"); clock.textContent = String(Number(clock.textContent) + 1); }, 5)</script>
    </body></html>`);
  const refused = await expectAccessible(page).then(
    () => null,
    (error: Error) => error.message,
  );
  expect(refused).toContain("color-contrast");
});

import { expect, expectAccessible, test } from "./support/fixtures.js";

test("the FAQ keeps one answer open at a time", async ({ page }) => {
  await page.goto("/faq");
  const questions = page.getByRole("button", { name: /\?$/ });
  await expect(questions).toHaveCount(11);
  // How a streak freeze is earned and used (issue 60 §3).
  await page.getByRole("button", { name: "What is a streak freeze?" }).click();
  await expect(page.getByText("Every 7 days in a row on which you record an act earn you a streak freeze (you can hold 2).")).toBeVisible();
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "true");
  await questions.nth(3).click();
  await expect(questions.nth(3)).toHaveAttribute("aria-expanded", "true");
  await expect(questions.nth(0)).toHaveAttribute("aria-expanded", "false");
  await expectAccessible(page);
});

test("the rules list seven steps, say how a streak freeze is earned, and the scan page states the daily maximum", async ({ page }) => {
  await page.goto("/game-rules");
  await expect(page.getByRole("listitem")).toHaveCount(7);
  await expect(page.getByRole("heading", { name: "Streaks and freezes" })).toBeVisible();
  await expect(
    page.getByText("Every 7 days in a row earn you a streak freeze, and you can hold 2 at a time.", { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready to start?" })).toBeVisible();
  await page.goto("/scan");
  await expect(page.getByText("at most 20 acts of kindness a day", { exact: false })).toBeVisible();
  await expectAccessible(page);
});

test("legal pages carry a date and the 30-day deletion promise", async ({ page }) => {
  for (const path of ["/privacy", "/terms"]) {
    await page.goto(path);
    await expect(page.getByText(/Last updated: November 24, 2026/)).toBeVisible();
    await expect(page.getByText(/within 30 days/).first()).toBeVisible();
    await expectAccessible(page);
  }
});

test("the contact form requires every field, then sends; so does the bug report", async ({ page, request }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Please fill in all fields")).toBeVisible();
  await page.getByLabel("First name").fill("Alex");
  await page.getByLabel("Last name").fill("Gagnon");
  await page.getByLabel("Email").fill("alex@example.test");
  await page.getByLabel("Subject").fill("Hello");
  await page.getByLabel("Message").fill("Thanks for Kindly!");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText("Message sent successfully!")).toBeVisible();

  await page.getByRole("button", { name: "Report a bug" }).click();
  const dialog = page.getByRole("dialog", { name: "Report a bug" });
  await dialog.getByLabel("Name").fill("Alex");
  await dialog.getByLabel("Email").fill("alex@example.test");
  await dialog.getByLabel("What went wrong?").fill("Nothing yet, just testing.");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send bug report" }).click();
  await expect(page.getByText("Bug report sent successfully!")).toBeVisible();

  const { messages } = await (await request.get("/api/dev/mail")).json();
  expect(messages.some((m: { subject: string }) => m.subject === "[Contact] Hello")).toBe(true);
});

test("the More panel lists only pages that exist, by keyboard; Scan is in the middle of the bottom bar", async ({ page }) => {
  // It opens a dozen pages in turn: room for a machine busy with other work.
  test.setTimeout(120_000);
  await page.goto("/");
  const bar = page.getByRole("navigation", { name: "Main" });
  expect(await bar.getByRole("link").evaluateAll((els) => els.map((el) => el.getAttribute("href")))).toEqual([
    "/",
    "/map",
    "/scan",
    "/profile",
  ]);
  await expect(bar.getByRole("link", { name: "Scan" })).toBeVisible();
  const more = page.getByRole("button", { name: "More" });
  // The home page arrives prerendered: its controls come alive (enabled) with the app.
  await expect(more).toBeEnabled();
  await more.focus();
  await page.keyboard.press("Enter");
  const panel = page.getByRole("dialog", { name: "More pages" });
  await expect(panel).toBeVisible();
  await expectAccessible(page);
  const links = panel.getByRole("link");
  const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
  expect(hrefs).toEqual([
    "/leaderboards",
    "/contests",
    "/act-history",
    "/community-chat",
    "/acts-gallery",
    "/workplace-wellbeing",
    // No "/business-dashboard": a visitor has no organisation (newcomer-polish.spec.ts shows who sees it).
    "/register-organization",
    "/game-rules",
    "/faq",
    "/contact",
    "/privacy",
    "/terms",
  ]);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  // The app answers every path with its shell, so a status proves nothing:
  // each page must show its own heading, not the "not found" page.
  for (const href of hrefs) {
    await page.goto(href!);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);
  }
});

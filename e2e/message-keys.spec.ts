import { readdirSync, readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";

// No page ever shows a raw message key ("industries.Food and drink",
// "dashboard.codes.title"): every page, in both languages, visitor and
// official account, every tab of the admin panel and of a dashboard.

const MESSAGES = new URL("../src/shared/i18n/messages/en/", import.meta.url);
/** The messages' first segments ("dashboard", "industries", …): a key shown raw starts with one of them. */
const NAMESPACES = [
  ...new Set(readdirSync(MESSAGES).flatMap((file) => Object.keys(JSON.parse(readFileSync(new URL(file, MESSAGES), "utf8")) as object))),
];
const RAW_KEY = new RegExp(`(?<![\\w@/.-])(?:${NAMESPACES.join("|")})\\.[A-Za-z][\\w-]*(?:\\.[\\w-]+)*`, "g");

const PUBLIC_PAGES = [
  "/",
  "/map",
  "/scan",
  "/auth",
  "/leaderboards",
  "/contests",
  "/community-chat",
  "/acts-gallery",
  "/workplace-wellbeing",
  "/register-organization",
  "/game-rules",
  "/faq",
  "/contact",
  "/privacy",
  "/terms",
];

/** Every raw key in what the page shows: its text and the names and hints its controls carry. */
async function rawKeys(page: Page): Promise<string[]> {
  const shown = await page.evaluate(() => {
    const attributes = [...document.querySelectorAll("[aria-label], [placeholder], [title], img[alt]")].flatMap((element) =>
      ["aria-label", "placeholder", "title", "alt"].map((name) => element.getAttribute(name) ?? ""),
    );
    return [document.title, document.body.innerText, ...attributes].join("\n");
  });
  return [...new Set(shown.match(RAW_KEY) ?? [])];
}

async function everyTab(page: Page, where: string): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  const tabs = page.getByRole("tab");
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    const name = (await tab.textContent())?.trim() ?? String(i);
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await page.waitForLoadState("networkidle");
    const keys = await rawKeys(page);
    if (keys.length > 0) found[`${where} › ${name}`] = keys;
  }
  return found;
}

for (const language of ["en", "fr"] as const) {
  test(`no page shows a raw message key (${language})`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
    const found: Record<string, string[]> = {};
    const visit = async (path: string) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      await page.waitForLoadState("networkidle");
      const keys = await rawKeys(page);
      if (keys.length > 0) found[path] = keys;
    };
    for (const path of PUBLIC_PAGES) await visit(path);

    // The official account sees everything else: its profile, the admin panel and any dashboard.
    expect((await page.request.post("/api/auth/sign-in", { data: officialAccount() })).status()).toBe(200);
    for (const path of ["/profile", "/act-history"]) await visit(path);
    await visit("/admin");
    Object.assign(found, await everyTab(page, "/admin"));
    // A demo organisation, with its places, figures and industry.
    const { items } = (await (await page.request.get("/api/admin/organizations?q=Caf")).json()) as { items: { id: string }[] };
    await visit(`/business-dashboard?org=${encodeURIComponent(items[0]!.id)}`);
    Object.assign(found, await everyTab(page, "/business-dashboard"));
    expect(found).toEqual({});
  });
}

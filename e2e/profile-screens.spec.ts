import { fileURLToPath } from "node:url";
import type { Locator, Page } from "@playwright/test";
import en from "../src/shared/i18n/messages/en/app.json" with { type: "json" };
import fr from "../src/shared/i18n/messages/fr/app.json" with { type: "json" };
import { confirmedUser, expect, expectAccessible, test, type NewUser } from "./support/fixtures.js";
import { demoLinks, ENGLISH, ScanPageObject } from "./support/scan-page.js";

/*
 * How act history and the profile look on a phone (390 × 844), in English and
 * French. The profile shows what this device can do with notifications: the
 * journey runs in the full Chromium, like notifications.spec.ts
 * (playwright.config.ts's "devices" project), with Kindly's service worker.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, serviceWorkers: "allow" });

async function signIn(page: Page, user: NewUser) {
  // The page's own request context gives the browser the session cookie.
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
}

const BOTTOM_BAR_HIDDEN = fileURLToPath(new URL("./support/screenshot.css", import.meta.url));

/**
 * Gives what changes from run to run (names, numbers, days, times) one fixed
 * value written the page's way, so that text wraps the same in every run and
 * the comparison sees the layout, not today's date.
 */
async function pinText(locator: Locator, text: (current: string) => string) {
  const fixed = await locator.evaluateAll((elements) => elements.map((element) => element.textContent ?? ""));
  await locator.evaluateAll((elements, texts) => elements.forEach((element, i) => (element.textContent = texts[i]!)), fixed.map(text));
}

test("act history and the profile look as designed on a phone, in English and French", async ({ page, request }) => {
  const links = await demoLinks(request);
  const user = await confirmedUser(request);
  await signIn(page, user);
  // One act on a physical card: the same organisation and achievements every run.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto(links.physical.path);
  await new ScanPageObject(page, ENGLISH).openCard();

  for (const language of ["en", "fr"] as const) {
    const messages = language === "en" ? en : fr;
    const sample = new Date(Date.UTC(2026, 10, 23, 17, 5));
    // Québec's formats: en-CA and fr-CA (a bare "fr" would be France's).
    const locale = language === "en" ? "en-CA" : "fr-CA";
    const format = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options).format(sample);
    const actNumber = language === "en" ? "#1,234" : "nº\u00a01\u00a0234";
    await page.evaluate((lang) => localStorage.setItem("kindly.language", lang), language);

    await page.goto("/act-history");
    const history = page.getByTestId("act-history");
    await expect(history.getByRole("listitem")).toHaveCount(1);
    await expectAccessible(page);
    await pinText(page.locator("main dl dd").last(), () => format({ dateStyle: "medium" }));
    await pinText(history.locator("h2"), () => format({ dateStyle: "full", timeZone: "UTC" }));
    await pinText(history.locator("li p.font-bold"), () => actNumber);
    await pinText(history.locator("li p.text-sm"), (text) => text.replace(/#\S+/, "#KIND"));
    await pinText(history.locator("li span + span"), () => messages.rarity.silver);
    await pinText(history.locator("time"), () =>
      format({ hour: "numeric", minute: "2-digit", timeZone: "America/New_York", timeZoneName: "short" }),
    );
    // The rarity's colours are the drawn one's: masked.
    await expect(page).toHaveScreenshot(`act-history-${language}.png`, {
      fullPage: true,
      stylePath: BOTTOM_BAR_HIDDEN,
      mask: [history.locator("li span + span")],
    });

    await page.goto("/profile");
    await expect(page.getByTestId("act-numbers")).toBeVisible();
    // Earned achievements first; the ten still to earn folded away.
    await expect(page.locator("summary")).toHaveText(
      language === "en" ? "Show the 10 achievements still to earn" : "Afficher les 10 réussites à obtenir",
    );
    await expectAccessible(page);
    await pinText(page.locator("main header h1"), () => "kindly_friend");
    await pinText(page.locator("main header p"), () => messages.profile.memberSince.replace("{{date}}", format({ dateStyle: "long" })));
    await pinText(page.getByTestId("my-stats").locator("dd").nth(1), () => "#12");
    await pinText(page.getByTestId("act-numbers").locator("li"), () => actNumber);
    await pinText(
      page.locator("main li.border-amber-300 p.text-xs"),
      (text) => messages.myStats.earnedOn.replace("{{date}}", format({ dateStyle: "medium" })) + text.slice(text.indexOf(" · ")),
    );
    await pinText(page.locator("#account-heading + dl dd").first(), () => "kindly_friend");
    await pinText(page.locator("#account-heading + dl dd").nth(1), () => "friend@example.test");
    // The devices and data panels, loaded, with the day this device was last active pinned.
    await expect(page.getByText(messages.profile.devices.thisDevice, { exact: true })).toBeVisible();
    // The notifications panel: a link to their own page.
    await expect(page.getByRole("link", { name: messages.profile.notifications.open })).toBeVisible();
    await expect(page.getByRole("button", { name: messages.profile.dataExport.ask })).toBeEnabled();
    await pinText(page.locator('[aria-labelledby="devices-heading"] li span.block'), () =>
      messages.profile.devices.lastActive.replace("{{date}}", format({ dateStyle: "medium" })),
    );
    // The privacy choice names this person's pseudonym once their board row has loaded.
    const pseudonymHint = page.locator('[aria-labelledby="privacy-heading"] label span.block').first();
    await expect(pseudonymHint).toContainText("Kindly #");
    await pinText(pseudonymHint, (text) => text.replace(/Kindly #[^\s.]+/, "Kindly #KIND"));
    // The rarity collection counts the drawn rarity: masked.
    await expect(page).toHaveScreenshot(`profile-${language}.png`, {
      fullPage: true,
      stylePath: BOTTOM_BAR_HIDDEN,
      mask: [page.locator("main dl.sm\\:grid-cols-4 dd")],
    });
  }
});

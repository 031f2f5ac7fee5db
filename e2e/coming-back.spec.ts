import type { APIRequestContext } from "@playwright/test";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { cardOfItsOwn, demoLinks, ENGLISH, FRENCH } from "./support/scan-page.js";
import { trackRequests } from "./support/network-quiet.js";

/*
 * Issue 60 §1: one tap saves. The tap on the envelope records the act; the
 * card that comes out and turns over is the celebration. A person who leaves
 * at once loses nothing: the act is in their history, and the card they did
 * not see waits for them on the next page they open.
 */

const PHONE = { width: 390, height: 844 };

/** The person's acts, as their history counts them. */
const actsOf = async (api: APIRequestContext) => ((await (await api.get("/api/me/acts")).json()) as { totalActs: number }).totalActs;

const WORDS = {
  en: { scan: ENGLISH, waiting: "is recorded: its card is waiting for you.", open: "See my card", series: "Pass-it-on cards" },
  fr: { scan: FRENCH, waiting: /est enregistré\s:\ssa carte vous attend\./, open: "Voir ma carte", series: "Cartes à faire circuler" },
} as const;

for (const language of ["en", "fr"] as const) {
  const words = WORDS[language];

  test(`${language}: one tap on the envelope records the act; leaving at once loses nothing, and the card waits on the next page`, async ({
    browser,
    request,
  }) => {
    const links = await demoLinks(request);
    const user = await confirmedUser(request, language);
    // Motion on: the envelope takes a moment to open, the moment in which people walked away.
    const context = await browser.newContext({ viewport: PHONE, reducedMotion: "no-preference", serviceWorkers: "block" });
    trackRequests(context);
    await context.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
    expect((await context.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);

    // A place's code: one tap, and the phone is put away before any answer.
    const page = await context.newPage();
    await page.goto(links.physical.path);
    const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname === "/api/scans");
    await page.getByRole("button", { name: words.scan.envelope }).click();
    await sent;
    await page.close();
    await expect.poll(() => actsOf(context.request)).toBe(1);

    // The next page says the card waits; one tap shows it out of its envelope, the same act, and nothing waits any more.
    const later = await context.newPage();
    await later.goto("/");
    const banner = later.getByTestId("unseen-cards");
    await expect(banner).toContainText(words.waiting);
    await expectAccessible(later);
    await banner.getByRole("link", { name: words.open }).click();
    await expect(later.getByTestId("act-number")).toBeVisible();
    await expect(later.getByRole("button", { name: words.scan.envelope })).toHaveCount(0);
    expect(await actsOf(context.request)).toBe(1);
    await later.getByRole("link", { name: language === "en" ? "Go home" : "Retour à l’accueil" }).click();
    await expect(later.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(later.getByTestId("unseen-cards")).toHaveCount(0);

    // A card seen where it was tapped leaves nothing waiting.
    await later.goto(cardOfItsOwn(links));
    // The Montréal bakery's series, named for each reader (issue 60 §7): not "Cartes à faire circuler" in English.
    await expect(later.getByText(`Boulangerie du Vieux-Port — ${words.series}`, { exact: true })).toBeVisible();
    await later.getByRole("button", { name: words.scan.envelope }).click();
    await expect(later.getByTestId("act-number")).toBeVisible();
    expect(await actsOf(context.request)).toBe(2);
    await later.goto("/act-history");
    await expect(later.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(later.getByTestId("unseen-cards")).toHaveCount(0);
    await context.close();
  });
}

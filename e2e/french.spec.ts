import fr from "../src/shared/i18n/messages/fr/app.json" with { type: "json" };
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { signIn } from "./support/page-walk.js";
import { expectedTitle, PUBLIC_PAGES, SIGNED_IN_PAGES } from "./support/page-titles.js";
import { frenchSpacingFaults } from "./support/typography.js";

/** Each public page's heading in French (page-titles.ts lists the pages). */
const HEADINGS: Record<string, string> = {
  "/": "Semez la bienveillance, un geste à la fois",
  "/auth": "Bienvenue dans Kindly",
  "/faq": "Foire aux questions",
  "/game-rules": "Règles du jeu",
  "/privacy": "Politique de confidentialité",
  "/terms": "Conditions d’utilisation",
  "/contact": "Nous joindre",
  "/scan": "Comment scanner",
  "/map": "Carte de la bienveillance",
  "/leaderboards": "Classements",
  "/contests": "Concours",
  "/register-organization": "Kindly pour votre organisation",
  "/forgot-password": "Réinitialiser votre mot de passe",
  "/forgot-email": "Courriel oublié?",
  "/no-such-page": "Oups! Page introuvable",
};

test("the toggle switches the app to French and the choice stays on the next page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "FR – Passer au français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.goto("/faq");
  await expect(page.getByRole("heading", { name: "Foire aux questions", level: 1 })).toBeVisible();
});

/*
 * Every page in French on a phone, in one browser: its heading, its tab title, the navigation and the
 * footer in French with none of their English words left, and axe. (One browser for all the pages: each
 * page in a browser of its own cost a second of CPU more, issue 59.)
 */
test.describe(() => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("in French, every page is French throughout, has its own title and passes axe", async ({ page, request, baseURL }) => {
    // Every page, each checked by axe: room for a machine busy with other work.
    test.setTimeout(240_000);
    // The choice as the toggle stores it (the test above proves the toggle).
    await page.addInitScript(() => localStorage.setItem("kindly.language", "fr"));
    await page.context().addCookies([{ name: "kindly.language", value: "fr", url: baseURL! }]);
    for (const [path, words] of PUBLIC_PAGES) {
      // A page added to the list without its French heading would otherwise match any heading.
      expect(HEADINGS[path], `${path}: its French heading is listed here`).toBeDefined();
      await page.goto(path);
      await expect(page.getByRole("heading", { name: HEADINGS[path], level: 1 }), path).toBeVisible();
      await expect(page, path).toHaveTitle(expectedTitle(fr, words(fr)));
      const nav = page.getByRole("navigation", { name: "Navigation principale" });
      await expect(nav.getByRole("link", { name: "Accueil" }), path).toBeVisible();
      await expect(nav.getByRole("link", { name: "Carte" }), path).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: "Confidentialité" }), path).toBeVisible();
      // None of the English navigation or footer words are left.
      await expect(page.getByText(/^(Home|Profile|More|Privacy|Terms)$/), path).toHaveCount(0);
      // Québec's spacing in everything shown, the contests' prizes ("50 $", typed with a plain space) and Intl's
      // times included: the prize first, so the check reads the page with its data.
      if (path === "/contests") await expect(page.getByText(/cartes-cadeaux de 50\u202f\$/).first()).toBeVisible();
      await expect.poll(() => frenchSpacingFaults(page), { message: path }).toEqual([]);
      await expectAccessible(page);
    }
    const user = await confirmedUser(request, "fr");
    await signIn(page, user);
    for (const [path, words] of SIGNED_IN_PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveTitle(expectedTitle(fr, words(fr)));
      await expect.poll(() => frenchSpacingFaults(page), { message: path }).toEqual([]);
      await expectAccessible(page);
    }
  });
});

test("a French browser starts in French; a signed-in user's choice is saved on the profile", async ({ browser, request }) => {
  // Signed up from a French browser, so the account is in French too.
  const user = await confirmedUser(request, "fr");
  const context = await browser.newContext({ locale: "fr-CA" });
  const page = await context.newPage();
  await page.goto("/auth");
  await expect(page.getByRole("heading", { name: "Bienvenue dans Kindly" })).toBeVisible();
  await page.getByLabel("Courriel").fill(user.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  // New account, so onboarding comes first, in French.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole("button", { name: "Suivant" })).toBeVisible();
  await page.goto("/profile");
  await page.getByRole("button", { name: "Français" }).click();
  await expect(page.getByText("Langue changée pour le français.")).toBeVisible();
  const me = await page.request.get("/api/me");
  expect((await me.json()).languagePreference).toBe("fr");
  await page.getByRole("button", { name: "EN – Switch to English" }).click();
  await expect(page.getByText("Language changed to English.")).toBeVisible();
  expect((await (await page.request.get("/api/me")).json()).languagePreference).toBe("en");
  await context.close();
});

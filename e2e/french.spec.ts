import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";

const PAGES: [string, string][] = [
  ["/", "Semez la bienveillance, un geste à la fois"],
  ["/auth", "Bienvenue dans Kindly"],
  ["/faq", "Foire aux questions"],
  ["/game-rules", "Règles du jeu"],
  ["/privacy", "Politique de confidentialité"],
  ["/terms", "Conditions d’utilisation"],
  ["/contact", "Nous joindre"],
  ["/scan", "Comment scanner"],
  ["/map", "Carte de la bienveillance"],
  ["/leaderboards", "Classements"],
  ["/contests", "Concours"],
  ["/forgot-password", "Réinitialiser votre mot de passe"],
  ["/forgot-email", "Courriel oublié?"],
  ["/nowhere", "Oups! Page introuvable"],
];

test("the toggle switches the app to French and the choice stays on the next page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "FR – Passer au français" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await page.goto("/faq");
  await expect(page.getByRole("heading", { name: "Foire aux questions", level: 1 })).toBeVisible();
});

// One test per page, so that a busy machine spends its time budget on one page at a time.
for (const [path, heading] of PAGES) {
  test(`in French, ${path} is French throughout`, async ({ page, baseURL }) => {
    // The choice as the toggle stores it (the test above proves the toggle).
    await page.addInitScript(() => localStorage.setItem("kindly.language", "fr"));
    await page.context().addCookies([{ name: "kindly.language", value: "fr", url: baseURL! }]);
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav.getByRole("link", { name: "Accueil" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Carte" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Confidentialité" })).toBeVisible();
    // None of the English navigation or footer words are left.
    await expect(page.getByText(/^(Home|Profile|More|Privacy|Terms)$/)).toHaveCount(0);
    await expectAccessible(page);
  });
}

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

import { expect, type Page } from "@playwright/test";
import type { NewUser } from "./fixtures.js";

const SIGN_IN_WORDS = {
  en: { email: "Email", password: "Password", submit: "Sign in" },
  fr: { email: "Courriel", password: "Mot de passe", submit: "Se connecter" },
} as const;

const SIGN_UP_WORDS = {
  en: {
    username: "Username",
    available: "Username is available ✓",
    email: "Email",
    password: "Password",
    country: "Country",
    submit: "Create my account",
    sent: "We sent a confirmation link to",
  },
  fr: {
    username: "Nom d’utilisateur",
    available: "Nom d’utilisateur disponible ✓",
    email: "Courriel",
    password: "Mot de passe",
    country: "Pays",
    submit: "Créer mon compte",
    sent: "Nous avons envoyé un lien de confirmation à",
  },
} as const;

/** The /auth page: its two views and their forms. */
export class AuthPageObject {
  constructor(private readonly page: Page) {}

  async openSignUp() {
    await this.page.goto("/auth?tab=signup");
    await expect(this.page.getByLabel("Username")).toBeVisible();
  }

  async signUp(user: NewUser, language: "en" | "fr" = "en") {
    const words = SIGN_UP_WORDS[language];
    await this.page.getByLabel(words.username).fill(user.username);
    await expect(this.page.getByText(words.available)).toBeVisible();
    // An invitation's link fills the address in and keeps it fixed.
    const email = this.page.getByLabel(words.email);
    if ((await email.getAttribute("readonly")) !== null) await expect(email).toHaveValue(user.email);
    else await email.fill(user.email);
    await this.page.getByLabel(words.password, { exact: true }).fill(user.password);
    const country = this.page.getByRole("combobox", { name: words.country });
    await country.click();
    await country.fill("Canad");
    await this.page.getByRole("option", { name: /Canada/ }).click();
    await this.page.getByRole("button", { name: words.submit }).click();
    await expect(this.page.getByText(`${words.sent} ${user.email}`, { exact: false })).toBeVisible();
  }

  /** From the sign-in view to one of its help pages ("Forgot your password?", "Forgot your email?"). */
  async openHelp(link: "Forgot your password?" | "Forgot your email?") {
    // A click on the prerendered page before React has adopted it can be
    // lost; the language button is enabled once it has (shell.tsx).
    // (Under a sheet, the header is out of reach: the sheet opened once the app had adopted the page.)
    if ((await this.page.getByRole("dialog").count()) === 0) {
      await expect(this.page.getByRole("button", { name: "FR – Passer au français" })).toBeEnabled();
    }
    await this.page.getByRole("link", { name: link }).click();
    await expect(this.page).toHaveURL(link === "Forgot your password?" ? /\/forgot-password/ : /\/forgot-email/);
    // The address changes before the lazily loaded page replaces the sign-in
    // form, whose Email field would otherwise take the typing.
    const title = link === "Forgot your password?" ? "Reset your password" : "Forgot your email?";
    await expect(this.page.getByRole("heading", { name: title })).toBeVisible();
  }

  /** On a kept scan's waiting card: the one action, which opens the forms as a sheet over the card. */
  async keepAct(language: "en" | "fr" = "en") {
    await this.page.getByRole("button", { name: language === "en" ? "Keep my act" : "Garder mon geste" }).click();
    await expect(this.page.getByRole("dialog", { name: language === "en" ? "Keep your act" : "Gardez votre geste" })).toBeVisible();
  }

  /** From the sign-up view (where a kept scan lands a visitor) to the sign-in view. */
  async switchToSignIn() {
    await this.page.getByRole("navigation", { name: "Welcome to Kindly" }).getByRole("link", { name: "Sign in" }).click();
    // Both views have Email and Password fields: typing before the switch is done would fill the sign-up form.
    await expect(this.page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
    await expect(this.page.getByRole("button", { name: "Create my account" })).toHaveCount(0);
  }

  async signIn(email: string, password: string, language: "en" | "fr" = "en") {
    const words = SIGN_IN_WORDS[language];
    await this.page.getByLabel(words.email).fill(email);
    await this.page.getByLabel(words.password, { exact: true }).fill(password);
    await this.page.getByRole("button", { name: words.submit, exact: true }).click();
  }
}

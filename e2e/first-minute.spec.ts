import { createHash } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { AuthPageObject } from "./support/auth-page.js";
import { withE2eDatabase } from "./support/e2e-database.js";
import { confirmedUser, expect, expectAccessible, linkFromOutbox, newUser, test } from "./support/fixtures.js";
import { cardOfItsOwn, demoLinks, ENGLISH, FRENCH, pageNear, ScanPageObject, signedInPhone } from "./support/scan-page.js";

// Three browsers (phone, mail app, a stranger) in one journey: more than the default minute on a busy machine.
test.setTimeout(150_000);

// The stranger's first minute (docs/design.md §4.12): a card scanned while
// signed out is kept, survives sign-up and the confirmation link opened
// anywhere, and is revealed once, as if just scanned.

const PHONE = { width: 390, height: 844 };

async function phonePage(browser: Browser, language: "en" | "fr" = "en") {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
  return { context, page };
}

/** Signed out, a card's link: the act is kept, the card comes first, then sign-up as a sheet over it. */
async function scanSignedOutThenSignUp(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\?tab=signup&claim=[\w-]{43}$/);
  await expect(page.getByRole("heading", { name: "Someone passed you this card" })).toBeVisible();
  await expect(page.getByLabel("Username")).toHaveCount(0);
  await expectAccessible(page);
  const user = newUser();
  const auth = new AuthPageObject(page);
  await auth.keepAct();
  await auth.signUp(user);
  return user;
}

/** Moves a kept scan's expiry into the past, straight in the e2e server's embedded PostgreSQL (it stores the token's SHA-256). */
async function expireKeptScan(token: string) {
  await withE2eDatabase(async (db) => {
    const tokenHash = createHash("sha256").update(token).digest("hex");
    const expired = await db
      .updateTable("pending_scans")
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where("token_hash", "=", tokenHash)
      .executeTakeFirst();
    expect(Number(expired.numUpdatedRows)).toBe(1);
  });
}

/** Exactly the acts the signed-in page's person has, as the API lists them. */
async function myActNumbers(page: Page): Promise<number[]> {
  const history = (await (await page.request.get("/api/me/acts")).json()) as { acts: { actNumber: number }[] };
  return history.acts.map((act) => act.actNumber);
}

test("a portable card scanned signed out is revealed after sign-up, the confirmation opened in another browser", async ({
  browser,
  request,
}) => {
  const links = await demoLinks(request);
  const phone = await phonePage(browser);
  const user = await scanSignedOutThenSignUp(phone.page, links.portable.path);

  // The mail app's browser: nothing of the sign-up's tab, not even its storage.
  const mailApp = await phonePage(browser);
  await mailApp.page.goto(await linkFromOutbox(request, user.email, "/auth/confirm"));
  await expect(mailApp.page).toHaveURL(/\/scan-qr\?claim=/);
  await expect(mailApp.page.getByText("Your act waited for you. Open the envelope to see your card!")).toBeVisible();
  await expectAccessible(mailApp.page);
  const scan = new ScanPageObject(mailApp.page, ENGLISH);
  // One tap from the confirmation to the card; the waiting note goes once it is out.
  const shown = await scan.openKeptCard();
  await expect(mailApp.page.getByText("Your act waited for you. Open the envelope to see your card!")).toHaveCount(0);
  // Signed in by the confirmation: the act is theirs, once.
  expect(await myActNumbers(mailApp.page)).toEqual([Number(shown.replace(/\D/g, ""))]);
  await expect(mailApp.page.getByRole("link", { name: "See the card’s journey" })).toBeVisible();
  // Onboarding comes after the reveal, never instead of it.
  await expect(mailApp.page.getByRole("link", { name: "Take the tour" })).toBeVisible();
  await expectAccessible(mailApp.page);

  // Reloaded, the page shows the same act; the link used again signs nobody in and records nothing.
  await mailApp.page.reload();
  expect(await scan.openKeptCard()).toBe(shown);
  const third = await phonePage(browser);
  await third.page.goto(await linkFromOutbox(request, user.email, "/auth/confirm"));
  await expect(third.page.getByText("Your address is confirmed. Sign in to open the act you saved.")).toBeVisible();
  expect(await myActNumbers(mailApp.page)).toHaveLength(1);

  // Someone else holding the claim's link is told plainly it was opened, and what to do instead.
  const claim = new URL(mailApp.page.url()).searchParams.get("claim")!;
  const stranger = await confirmedUser(request);
  expect(
    (await third.page.request.post("/api/auth/sign-in", { data: { email: stranger.email, password: stranger.password } })).status(),
  ).toBe(200);
  await third.page.goto(`/scan-qr?claim=${claim}`);
  await expect(third.page.getByRole("heading", { name: "This saved act can’t be opened" })).toBeVisible();
  await expect(third.page.getByText("This saved act was already opened.")).toBeVisible();
  await expect(third.page.getByRole("link", { name: "Scan a code" })).toBeVisible();
  await expectAccessible(third.page);
  for (const context of [phone.context, mailApp.context, third.context]) await context.close();
});

test("a card passed on tells the stranger its story before any form, in both languages, and sign-up guesses their country", async ({
  browser,
  request,
}) => {
  const links = await demoLinks(request);
  const path = cardOfItsOwn(links);
  const giver = await signedInPhone(browser, await confirmedUser(request));
  await giver.page.goto(path);
  await new ScanPageObject(giver.page, ENGLISH).openCard();
  await giver.context.close();

  const WORDS = {
    en: { locale: "en-CA", title: "Someone passed you this card", story: /^This card has reached \d+ (person|people) since .+\.$/ },
    fr: { locale: "fr-CA", title: "Quelqu’un vous a passé cette carte", story: /^Cette carte a touché \d+ personnes? depuis le .+\.$/ },
  } as const;
  for (const language of ["en", "fr"] as const) {
    const words = WORDS[language];
    const context = await browser.newContext({ viewport: PHONE, locale: words.locale });
    const page = await context.newPage();
    await page.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
    await page.goto(path);
    // The card and its story, before any form.
    await expect(page.getByRole("heading", { name: words.title, level: 1 })).toBeVisible();
    await expect(page.getByTestId("card-story")).toHaveText(words.story);
    await expect(page.getByRole("textbox")).toHaveCount(0);
    await expectAccessible(page);
    await new AuthPageObject(page).keepAct(language);
    // An en-CA or fr-CA phone starts the country list at Canada.
    await expect(page.getByRole("combobox", { name: language === "en" ? "Country" : "Pays" })).toHaveValue(/Canada/);
    await expectAccessible(page);
    await context.close();
  }
});

test("the same journey with the confirmation opened in the same tab, in French", async ({ browser, request }) => {
  const links = await demoLinks(request);
  const { context, page } = await phonePage(browser, "fr");
  await page.goto(links.physical.path);
  await expect(page.getByRole("heading", { name: /^Votre geste chez .+ vous attend$/ })).toBeVisible();
  const user = newUser();
  await new AuthPageObject(page).keepAct("fr");
  await new AuthPageObject(page).signUp(user, "fr");

  await page.goto(await linkFromOutbox(request, user.email, "/auth/confirm"));
  await expect(page.getByText("Votre acte vous attendait. Ouvrez l’enveloppe pour découvrir votre carte!")).toBeVisible();
  const shown = await new ScanPageObject(page, FRENCH).openKeptCard();
  expect(await myActNumbers(page)).toEqual([Number(shown.replace(/\D/g, ""))]);
  await expectAccessible(page);
  await context.close();
});

test("someone with an account signs in from the scan page, through a password reset, and finds the act", async ({ browser, request }) => {
  const links = await demoLinks(request);
  // An account made elsewhere, confirmed, whose password is forgotten.
  const user = newUser();
  expect((await request.post("/api/auth/sign-up", { data: user })).status()).toBe(201);
  const confirm = new URL(await linkFromOutbox(request, user.email, "/auth/confirm"), "http://x");
  expect((await request.post("/api/auth/confirm-email", { data: { token: confirm.searchParams.get("token") } })).status()).toBe(200);

  const { context, page } = await phonePage(browser);
  await page.goto(links.physical.path);
  await expect(page).toHaveURL(/\/auth\?tab=signup&claim=/);
  await new AuthPageObject(page).keepAct();
  await new AuthPageObject(page).switchToSignIn();
  await new AuthPageObject(page).openHelp("Forgot your password?");
  await page.getByLabel("Email").fill(user.email);
  await page.getByRole("button", { name: "Send the reset link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  // The reset link opens in another browser. It does not carry the kept act (issue 58 §7: a scan rides mail
  // only from its browser signed in as, or creating, the address's owner); the act waits on the first phone.
  const mailApp = await phonePage(browser);
  const reset = await linkFromOutbox(request, user.email, "/reset-password");
  expect(new URL(reset, "http://x").searchParams.get("claim")).toBeNull();
  await mailApp.page.goto(reset);
  await mailApp.page.getByLabel("New password", { exact: true }).fill("a fresh new secret");
  await mailApp.page.getByLabel("Confirm the new password").fill("a fresh new secret");
  await mailApp.page.getByRole("button", { name: "Update my password" }).click();
  await expect(mailApp.page.getByText("Your password has been updated. Sign in with your new password.")).toBeVisible();
  await mailApp.context.close();

  // Back on the first phone, signing in opens the kept act: one act.
  await page.goto("/auth");
  await new AuthPageObject(page).signIn(user.email, "a fresh new secret");
  const shown = await new ScanPageObject(page, ENGLISH).openKeptCard();
  expect(await myActNumbers(page)).toEqual([Number(shown.replace(/\D/g, ""))]);
  await context.close();
});

test("a place's code scanned signed out 2 km away is refused where the person stands, before any sign-up", async ({ browser, request }) => {
  const links = await demoLinks(request);
  const far = await pageNear(browser, links.virtual.near!, 0.018);
  await far.page.setViewportSize(PHONE);
  await far.page.goto(links.virtual.path);
  await new ScanPageObject(far.page, ENGLISH).shareLocation();
  await expect(far.page.getByRole("heading", { name: "A little closer" })).toBeVisible();
  await expect(far.page.getByText(/^You are 2,\d{3} m from this place; come within 100 m\.$/)).toBeVisible();
  await expect(far.page).toHaveURL(/\/scan-qr\?org=/);
  await expectAccessible(far.page);
  await far.context.close();
});

test("a kept act that waited more than 24 hours says so plainly and records nothing, in French", async ({ browser, request }) => {
  const links = await demoLinks(request);
  const phone = await phonePage(browser, "fr");
  await phone.page.goto(links.portable.path);
  await expect(phone.page).toHaveURL(/\/auth\?tab=signup&claim=[\w-]{43}$/);
  const token = new URL(phone.page.url()).searchParams.get("claim")!;
  const user = newUser();
  await new AuthPageObject(phone.page).keepAct("fr");
  await new AuthPageObject(phone.page).signUp(user, "fr");

  // A day goes by before the mail is opened: the kept scan's time runs out on the server.
  await expireKeptScan(token);
  await phone.page.goto(await linkFromOutbox(request, user.email, "/auth/confirm"));
  await expect(phone.page.getByRole("heading", { name: "Cet acte mis de côté ne peut pas être ouvert" })).toBeVisible();
  await expect(
    phone.page.getByText("Cet acte mis de côté a attendu plus de 24 heures et il a expiré. Scannez le code de nouveau pour l’enregistrer."),
  ).toBeVisible();
  await expect(phone.page.getByRole("link", { name: "Scanner un code" })).toBeVisible();
  await expectAccessible(phone.page);
  // Signed in by the confirmation all the same, with no act: the next scan is the first.
  expect(await myActNumbers(phone.page)).toEqual([]);
  await phone.context.close();
});

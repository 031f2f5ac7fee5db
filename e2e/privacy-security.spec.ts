import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { AuthPageObject } from "./support/auth-page.js";
import { pseudonymFor } from "../src/server/features/scan/index.js";
import { confirmedUser, expect, expectAccessible, scanPageOf, test } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";
import { demoLinks } from "./support/scan-page.js";

/** A new member signed in on `page`, whose app speaks `language`. */
async function signedInIn(page: Page, request: APIRequestContext, language: "en" | "fr") {
  const user = await confirmedUser(request, language);
  await page.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  return user;
}

test("a redirect the app refuses is no redirect: the sign-in page shows and signing in goes home", async ({ page, request }) => {
  const user = await confirmedUser(request);
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  await page.goto("/auth?redirect=/%5Cevil.example/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectAccessible(page);
  await new AuthPageObject(page).signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/onboarding$/);
  // Signed in, the same address leads on without following it either.
  for (const address of ["/auth?redirect=/%5Cevil.example/", "/auth?redirect=%2F%5C%5Cevil.example", "/auth?redirect=/%09/evil.example"]) {
    await page.goto(address);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/(onboarding)?$/);
    await expect(page.getByRole("heading", { name: "Welcome to Kindly" })).toBeVisible();
  }
  expect(pageErrors).toEqual([]);
});

const PRIVACY_WORDS = {
  en: { boards: "Leaderboards", optIn: "Show my username on leaderboards" },
  fr: { boards: "Classements", optIn: "Afficher mon nom d’utilisateur dans les classements" },
} as const;

for (const language of ["en", "fr"] as const) {
  test(`leaderboards show a new member's pseudonym until they choose to show their username (${language})`, async ({ page, request }) => {
    const words = PRIVACY_WORDS[language];
    const user = await signedInIn(page, request, language);
    // Two acts (two cards of two organisations), so the member is on the all-time board of people.
    const links = await demoLinks(page.request);
    for (const link of [links.physical, links.portable]) {
      const params = new URL(link.path, "http://kindly.test").searchParams;
      const code = { org: params.get("org"), loc: params.get("loc"), type: link.type };
      expect((await page.request.post("/api/scans", { data: code })).status()).toBe(201);
    }
    const { id } = (await (await page.request.get("/api/me")).json()) as { id: string };

    await page.goto("/leaderboards?tab=receivers&period=all");
    await expect(page.getByRole("heading", { name: words.boards, level: 1 })).toBeVisible();
    const board = page.getByTestId("leaderboard");
    await expect(board.getByText(pseudonymFor(id))).toBeVisible();
    await expect(board.getByText(user.username)).toHaveCount(0);
    await expectAccessible(page);

    await page.goto("/profile");
    const optIn = page.getByRole("checkbox", { name: words.optIn });
    await expect(optIn).not.toBeChecked();
    await expectAccessible(page);
    await optIn.check();
    await expect(optIn).toBeChecked();
    // Saved: the profile read again says so.
    await expect.poll(async () => (await (await page.request.get("/api/me")).json()).showOnLeaderboards).toBe(true);

    await page.goto("/leaderboards?tab=receivers&period=all");
    await expect(board.getByText(user.username)).toBeVisible();
    await expect(board.getByText(pseudonymFor(id))).toHaveCount(0);
  });
}

test("the profile lists signed-in devices; signing out another one and then everywhere", async ({ page, request, browser }) => {
  const user = await confirmedUser(request);
  // Another device: a second browser context signed in too.
  const other = await browser.newContext();
  expect((await other.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);

  await page.goto("/profile");
  const devices = page.getByRole("region", { name: "Signed-in devices" });
  await expect(devices.getByText("This device")).toBeVisible();
  await expectAccessible(page);
  const signOutOther = devices.getByRole("button", { name: /^Sign out (?!everywhere)/ });
  await expect(signOutOther).toHaveCount(1);
  await signOutOther.click();
  await expect(signOutOther).toHaveCount(0);
  expect((await other.request.get("/api/me")).status()).toBe(401);

  await devices.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get("/api/me")).status()).toBe(401);
  await other.close();
});

const DELETION_WORDS = {
  en: { open: "Delete my account", password: "Your password, to confirm", dialog: "Delete my account" },
  fr: { open: "Supprimer mon compte", password: "Votre mot de passe, pour confirmer", dialog: "Supprimer mon compte" },
} as const;

for (const language of ["en", "fr"] as const) {
  test(`delete one's account from the profile and be signed out; signing in again within 7 days brings it back (${language})`, async ({
    page,
    request,
  }) => {
    const words = DELETION_WORDS[language];
    const user = await signedInIn(page, request, language);

    await page.goto("/profile");
    await page.getByRole("button", { name: words.open }).click();
    const dialog = page.getByRole("dialog", { name: words.dialog });
    await expect(dialog.getByLabel(words.password)).toBeVisible();
    await expectAccessible(page);
    // A wrong password is said on the field, and nothing happens.
    await dialog.getByLabel(words.password).fill("not the password");
    await dialog.getByRole("button", { name: words.open }).click();
    await expect(dialog.getByLabel(words.password)).toHaveAttribute("aria-invalid", "true");
    expect((await page.request.get("/api/me")).status()).toBe(200);

    await dialog.getByLabel(words.password).fill(user.password);
    await dialog.getByRole("button", { name: words.open }).click();
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/api/me")).status()).toBe(401);
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile/);
    await expectAccessible(page);

    // Within 7 days, signing in cancels the deletion.
    await new AuthPageObject(page).signIn(user.email, user.password, language);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("heading", { name: user.username, level: 1 })).toBeVisible();
  });
}

test("the privacy page names the person in charge; the admin panel lists deletion requests with their purge dates", async ({
  page,
  request,
  browser,
}) => {
  await page.goto("/privacy");
  await expect(page.getByRole("heading", { name: "The person in charge of your personal information" })).toBeVisible();
  await expect(page.getByText(/is responsible for the protection of personal information at Kindly\. Write to support@/)).toBeVisible();
  await expectAccessible(page);

  const user = await confirmedUser(request);
  const leaving = await browser.newContext();
  await leaving.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } });
  expect((await leaving.request.post("/api/auth/delete-account", { data: { password: user.password } })).status()).toBe(200);
  await leaving.close();

  const official = officialAccount();
  await page.goto("/auth?redirect=%2Fadmin%3Ftab%3Dprivacy");
  await new AuthPageObject(page).signIn(official.email, official.password);
  const list = page.getByRole("table", { name: "Account deletion requests" });
  const row = list.getByRole("row").filter({ hasText: user.username });
  await expect(row).toBeVisible();
  await expect(row.getByText(/^By /)).toBeVisible();
  await expectAccessible(page);
});

const EXPORT_WORDS = {
  en: { ask: "Prepare my data", download: /^Download my data \(/, readme: "README.txt", intro: "Everything Kindly holds about you" },
  fr: {
    ask: "Préparer mes données",
    download: /^Télécharger mes données \(/,
    readme: "LISEZMOI.txt",
    intro: "Tout ce que Kindly détient à votre sujet",
  },
} as const;

for (const language of ["en", "fr"] as const) {
  test(`prepare one's data from the profile and download the archive (${language})`, async ({ page, request }) => {
    const words = EXPORT_WORDS[language];
    const user = await signedInIn(page, request, language);

    await page.goto("/profile");
    await page.getByRole("button", { name: words.ask }).click();
    const download = page.getByRole("link", { name: words.download });
    await expect(download).toBeVisible();
    await expectAccessible(page);
    const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^kindly-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const archive = unzipSync(new Uint8Array(await readFile((await file.path())!)));
    expect(strFromU8(archive[words.readme]!)).toContain(words.intro);
    expect(JSON.parse(strFromU8(archive["profile.json"]!))).toEqual([
      expect.objectContaining({ username: user.username, email: user.email }),
    ]);
  });
}

test("a scan refused for impossible travel reaches the review queue; the official account voids the act with a reason", async ({
  page,
  request,
  browser,
}) => {
  const official = officialAccount();
  // The official account sets up an organisation with a place in Montréal and one in Toronto.
  const setup = await browser.newContext();
  expect((await setup.request.post("/api/auth/sign-in", { data: { email: official.email, password: official.password } })).status()).toBe(
    200,
  );
  const orgCode = `TRAVEL-${Date.now().toString(36).toUpperCase()}`;
  const created = await setup.request.post("/api/admin/organizations", { data: { name: `Voyage ${orgCode}`, type: "company", orgCode } });
  expect(created.status()).toBe(201);
  const { id: organizationId } = (await created.json()) as { id: string };
  const place = async (name: string, latitude: number, longitude: number) => {
    const data = { name, address: `${name} centre`, latitude, longitude, radiusMeters: 100 };
    const answer = await setup.request.post(`/api/organizations/${organizationId}/locations`, { data });
    expect(answer.status()).toBe(201);
    const { id } = (await answer.json()) as { id: string };
    const { url } = (await (await setup.request.get(`/api/organizations/${organizationId}/locations/${id}/code`)).json()) as {
      url: string;
    };
    const params = (await scanPageOf(setup.request, url)).searchParams;
    return { org: params.get("org"), loc: params.get("loc"), type: "virtual", lat: latitude, lon: longitude };
  };
  const montreal = await place("Montréal", 45.5017, -73.5673);
  const toronto = await place("Toronto", 43.6532, -79.3832);
  await setup.close();

  // A participant scans in Montréal, then "in Toronto" a moment later: refused, and flagged.
  const user = await confirmedUser(request);
  const participant = await browser.newContext();
  await participant.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } });
  const first = await participant.request.post("/api/scans", { data: montreal });
  expect(first.status()).toBe(201);
  const { actNumber } = (await first.json()) as { actNumber: number };
  const refused = await participant.request.post("/api/scans", { data: toronto });
  expect(refused.status()).toBe(422);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe("impossible_travel");
  await participant.close();

  await page.goto("/auth?redirect=%2Fadmin%3Ftab%3Dreview");
  await new AuthPageObject(page).signIn(official.email, official.password);
  await expect(page.getByRole("heading", { name: "Unusual scan patterns" })).toBeVisible();
  const flag = page.getByTestId("anomaly-flag").filter({ hasText: user.username });
  await expect(flag.getByText("Impossible journey")).toBeVisible();
  await expect(flag.getByText(/A scan refused: 504 km from the previous one/)).toBeVisible();
  await expectAccessible(page);

  await flag.getByRole("button", { name: "Show the acts of that day" }).click();
  await flag.getByRole("button", { name: `Void act #${actNumber}` }).click();
  const dialog = page.getByRole("dialog", { name: `Void act #${actNumber}` });
  await dialog.getByRole("button", { name: "Void the act" }).click();
  await expect(dialog.getByText("Please say why this act is voided")).toBeVisible();
  await dialog.getByLabel("Why is this act voided?").fill("Scanned from a photo of the Toronto code");
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Void the act" }).click();
  await expect(flag.getByText("Voided: Scanned from a photo of the Toronto code")).toBeVisible();

  await flag.getByLabel("Review note (optional)").fill("Act voided, account warned");
  await flag.getByRole("button", { name: "Mark reviewed" }).click();
  await expect(page.getByTestId("anomaly-flag").filter({ hasText: user.username })).toHaveCount(0);
  await page.getByRole("button", { name: "All", exact: true }).click();
  await expect(
    page.getByTestId("anomaly-flag").filter({ hasText: user.username }).getByText("Reviewed · Act voided, account warned"),
  ).toBeVisible();

  // The participant's own history no longer holds the act.
  const again = await browser.newContext();
  await again.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } });
  const history = (await (await again.request.get("/api/me/acts")).json()) as { acts: { actNumber: number }[]; totalActs: number };
  expect(history.totalActs).toBe(0);
  await again.close();
});

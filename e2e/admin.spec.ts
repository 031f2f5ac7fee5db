import { request as apiRequest, type APIRequestContext } from "@playwright/test";
import { AdminPageObject } from "./support/admin-page.js";
import { confirmedUser, expect, expectAccessible, scanPageOf, test } from "./support/fixtures.js";

test.setTimeout(180_000);

/** datetime-local's value for an instant, in this machine's time zone (the browser's too). */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A participant's own API session: signs up, confirms, signs in. */
async function participant(baseURL: string, request: APIRequestContext) {
  const user = await confirmedUser(request);
  const context = await apiRequest.newContext({ baseURL });
  expect((await context.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  return context;
}

test("the official account runs Kindly: an organisation, 5 manual acts in one range, a contest drawn in a way anyone can check", async ({
  page,
  request,
  baseURL,
}) => {
  const admin = new AdminPageObject(page);
  await admin.signIn();
  await expect(page.getByRole("heading", { name: "Overview" })).toBeVisible();
  await expect(page.getByText("Acts recorded")).toBeVisible();
  await expectAccessible(page);

  // An organisation, created with its own code.
  const tag = Date.now().toString(36).toUpperCase();
  const name = `Maison ${tag}`;
  const code = `MAISON-${tag}`;
  await admin.createOrganization({ name, code, type: "non-profit" });
  await expect(page.getByText(code, { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Five manual acts for it: one range, reported in the spec's words, and kept with their proof.
  await admin.openTab("Manual acts");
  await page.getByLabel("Search by name or org code").fill(code);
  await page.getByLabel("Organization", { exact: true }).selectOption({ label: `${name} (${code})` });
  await page.getByLabel("Number of acts").fill("5");
  await page.getByLabel("Description", { exact: true }).fill("Winter coats handed out at the shelter");
  await page.getByLabel("Proof type").selectOption("both");
  await page.getByLabel("Proof description").fill("Photos and a video kept by the shelter's coordinator");
  await page.getByRole("button", { name: "Add acts" }).click();
  const result = page.getByRole("status").filter({ hasText: "Successfully added 5 acts!" });
  await expect(result).toBeVisible();
  const [, start, end] = (await result.textContent())!.match(/Act numbers: (\d+) - (\d+)/)!;
  expect(Number(end) - Number(start)).toBe(4);
  const batch = page.getByRole("region", { name: "Recorded batches" }).getByRole("listitem").first();
  await expect(batch).toContainText(name);
  await expect(batch).toContainText("Winter coats handed out at the shelter");
  await expectAccessible(page);

  // A contest, running from now on.
  const form = await admin.newContestForm();
  const contestName = `Kindness week ${tag}`;
  await form.getByLabel("Name (English)").fill(contestName);
  await form.getByLabel("Name (French)").fill(`Semaine de la bienveillance ${tag}`);
  await form.getByLabel("Description (English)").fill("Every act is a ticket.");
  await form.getByLabel("Starts").fill(localInput(new Date(Date.now() - 3_600_000)));
  await form.getByLabel("Ends").fill(localInput(new Date(Date.now() + 86_400_000)));
  await form.getByLabel("Category (English)").fill("Grand prize");
  await form.getByLabel("Category (French)").fill("Grand prix");
  await form.getByLabel("Prize (English)").fill("A bike");
  await form.getByLabel("Prize (French)").fill("Un vélo");
  await expectAccessible(page);
  await form.getByRole("button", { name: "Save contest" }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole("region", { name: contestName });
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expectAccessible(page);

  // Tickets accrue from scans: two participants scan one of the organisation's cards.
  const organizationId = ((await (await page.request.get(`/api/admin/organizations?q=${code}`)).json()) as { items: { id: string }[] })
    .items[0]!.id;
  const series = await page.request.post(`/api/organizations/${organizationId}/card-series`, {
    data: { name: "Thank-you cards", cardType: "physical", cardCount: 20 },
  });
  expect(series.status()).toBe(201);
  const cards = (await (await page.request.get(`/api/organizations/${organizationId}/card-series`)).json()) as {
    series: { id: string }[];
  };
  const link = (await (await page.request.get(`/api/organizations/${organizationId}/card-series/${cards.series[0]!.id}/code`)).json()) as {
    url: string;
  };
  const scanCode = Object.fromEntries((await scanPageOf(page.request, link.url)).searchParams);
  for (let i = 0; i < 2; i++) {
    const phone = await participant(baseURL!, request);
    expect((await phone.post("/api/scans", { data: { org: scanCode.org, loc: scanCode.loc, type: scanCode.type } })).status()).toBe(201);
    await phone.dispose();
  }
  await page.reload();
  await expect(card).toContainText("2 entrants");

  // It ends, the draw runs, and the winner is followed up.
  await card.getByRole("button", { name: `End ${contestName} now` }).click();
  await page
    .getByRole("dialog")
    .getByRole("button", { name: `End ${contestName} now` })
    .click();
  await expect(card.getByText("Completed", { exact: true })).toBeVisible();
  await card.getByRole("button", { name: "Draw the winners" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Draw the winners" }).click();
  await expect(card.getByRole("heading", { name: "Winners" })).toBeVisible();
  await expect(card.getByText(/^Emailed /)).toBeVisible();
  await expect(card.getByText(/^Contact by /)).toBeVisible();
  // The box shows what the server recorded, once it has.
  await card.getByRole("checkbox", { name: /as contacted$/ }).click();
  await expect(card.getByText(/^Contacted /)).toBeVisible();
  await expectAccessible(page);

  // Its public proof checks out, in English and in French.
  await card.getByRole("link", { name: "Public proof of the draw" }).click();
  await expect(page.getByRole("heading", { name: `The draw of ${contestName}` })).toBeVisible();
  await page.getByRole("button", { name: "Check this draw" }).click();
  await expect(page.getByText("The seed matches the fingerprint published at creation.")).toBeVisible();
  await expect(page.getByText("The ticket list matches its fingerprint.")).toBeVisible();
  await expect(page.getByText("Redoing the draw gives the same winners.")).toBeVisible();
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem("kindly.language", "fr"));
  await page.reload();
  await expect(page.getByRole("heading", { name: `Le tirage de Semaine de la bienveillance ${tag}` })).toBeVisible();
  await page.getByRole("button", { name: "Vérifier ce tirage" }).click();
  await expect(page.getByText("Refaire le tirage donne les mêmes gagnants.")).toBeVisible();
  await expectAccessible(page);
});

test("the other tabs of the panel: users, analytics and system, in French too; and nobody else gets in", async ({
  page,
  browser,
  request,
}) => {
  const member = await confirmedUser(request);
  const admin = new AdminPageObject(page);
  await admin.signIn();
  await admin.openTab("Users");
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await page.getByLabel("Search by username or email (start)").fill("official-e2e");
  await expect(page.getByText("Official account")).toBeVisible();
  await expectAccessible(page);
  // A role shows whether it is set by more than colour: pressed, with a check mark; and it can be taken back.
  await page.getByLabel("Search by username or email (start)").fill(member.username);
  await page.getByRole("button", { name: `Give business role to ${member.username}` }).click();
  const granted = page.getByRole("button", { name: `Remove business role from ${member.username}` });
  await expect(granted).toHaveAttribute("aria-pressed", "true");
  await expect(granted.locator("svg")).toBeVisible();
  const notGranted = page.getByRole("button", { name: `Give admin role to ${member.username}` });
  await expect(notGranted).toHaveAttribute("aria-pressed", "false");
  await expect(notGranted.locator("svg")).toHaveCount(0);
  await expectAccessible(page);
  await granted.click();
  await expect(page.getByRole("button", { name: `Give business role to ${member.username}` })).toHaveAttribute("aria-pressed", "false");
  await admin.openTab("Analytics");
  await expect(page.getByRole("heading", { name: "Acts per day" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Top 5 countries" })).toBeVisible();
  await expectAccessible(page);
  await admin.openTab("System");
  await expect(page.getByText(/^Embedded PostgreSQL 1[5-9]/)).toBeVisible();
  await expect(page.getByText("Free space, data folder")).toBeVisible();
  await expect(page.getByTestId("disk-free").first()).toHaveText(/\d ([GM]B) \(\//);
  await expect(page.getByRole("heading", { name: "Outgoing mail" })).toBeVisible();
  await expectAccessible(page);

  await page.evaluate(() => localStorage.setItem("kindly.language", "fr"));
  await page.goto("/admin?tab=manualActs");
  await expect(page.getByRole("heading", { name: "Enregistrer des actes manuels" })).toBeVisible();
  await page.getByRole("button", { name: "Ajouter les actes" }).click();
  await expect(page.getByText("Veuillez remplir tous les champs obligatoires").first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("tab", { name: "Aperçu" }).click();
  await expect(page.getByText("Actes enregistrés")).toBeVisible();
  await expectAccessible(page);

  // A visitor is asked to sign in; anyone else is turned away.
  const visitor = await browser.newPage();
  await visitor.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await visitor.goto("/admin");
  await expect(visitor.getByRole("heading", { name: "Authentication required" })).toBeVisible();
  await visitor.close();
});

test("on a phone the official account is greeted as the Kindly team, the sections are a menu that fits, and dates never break", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  const admin = new AdminPageObject(page);
  await admin.signIn();
  // Eleven sections: not a strip scrolling sideways, but a menu naming the one shown.
  await expect(page.getByRole("tab", { name: "Requests" })).toBeHidden();
  const menu = page.getByRole("button", { name: "Section Overview" });
  await expect(menu).toBeVisible();
  await menu.click();
  const items = page.getByRole("menuitemradio");
  await expect(items).toHaveCount(11);
  await expect(page.getByRole("menuitemradio", { name: "Overview" })).toHaveAttribute("aria-checked", "true");
  // Every section in the screen's width.
  for (const box of await items.evaluateAll((all) => all.map((item) => item.getBoundingClientRect().right)))
    expect(box).toBeLessThanOrEqual(390);
  await page.keyboard.press("Escape");
  await expect(menu).toBeFocused();
  await admin.openTab("System");
  await expect(page).toHaveURL(/tab=system/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await admin.openTab("Users");
  await page.getByLabel("Search by username or email (start)").fill("official-e2e");
  // The one account found: its "Joined Nov 26, 2026" is one line box, never broken inside its year
  // (polled: the list redraws as the search settles).
  await expect
    .poll(() =>
      page.getByText(/^Joined /).evaluateAll((spans) => spans.map((span) => span.getClientRects().length).filter((boxes) => boxes > 0)),
    )
    .toEqual([1]);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Hello, Kindly team!" })).toBeVisible();
  await context.close();
});

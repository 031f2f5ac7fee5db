import sharp from "sharp";
import { AuthPageObject } from "./support/auth-page.js";
import { confirmedUser, expect, expectAccessible, linkFromOutbox, newUser, scanPageOf, test } from "./support/fixtures.js";
import { officialAccount } from "./support/official.js";
import { ENGLISH, pageNear, ScanPageObject } from "./support/scan-page.js";
import { OrganizationDashboardPageObject } from "./support/dashboard-page.js";

// A long journey (three people, a dozen axe checks): room for a machine busy with other work.
test.setTimeout(300_000);

test("an organisation goes from its request to a printed code that records an act, with real figures and a place on the map", async ({
  browser,
  page,
  request,
}) => {
  const owner = newUser();
  const organizationName = `Les Amis ${owner.username.slice(-6)}`;

  // 1. A visitor asks to join; the plan must be chosen first.
  await page.goto("/register-organization");
  await expect(page.getByRole("heading", { name: "Bring Kindly to your organization" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Contact name").fill("Marie Tremblay");
  await page.getByLabel("Organization name").fill(organizationName);
  await page.getByLabel("Email").fill(owner.email);
  await page.getByLabel("Phone").fill("514 555-0199");
  await page.getByLabel("Type of organization").selectOption("non-profit");
  await page.getByLabel("Industry").selectOption("social-services");
  await page.getByLabel("What matters most to you?").selectOption("both-wellbeing-first");
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please select a plan before submitting." })).toBeVisible();
  await page.getByRole("button", { name: "Select Complete" }).click();
  await expect(page.getByRole("button", { name: "Complete selected" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Send my request" }).click();
  await expect(page.getByRole("heading", { name: "Thank you!" })).toBeVisible();
  await expectAccessible(page);

  // 2. The official account approves it; with no account yet, an invitation goes out.
  const official = officialAccount();
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await adminPage.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await adminPage.goto("/auth?redirect=%2Fadmin");
  await new AuthPageObject(adminPage).signIn(official.email, official.password);
  await expect(adminPage.getByRole("heading", { name: "Admin panel" })).toBeVisible();
  await adminPage.getByRole("tab", { name: "Requests" }).click();
  const card = adminPage
    .locator("section")
    .getByRole("heading", { name: organizationName })
    .locator("xpath=ancestor::*[contains(@id,'request-')][1]");
  await expect(card).toContainText("No Kindly account uses this email yet");
  await expectAccessible(adminPage);
  // Approving asks first, then waits a few seconds during which it can be undone: undone, nothing was decided.
  const approve = async () => {
    await card.getByRole("button", { name: "Approve" }).click();
    const confirmApproval = adminPage.getByRole("dialog", { name: `Approve ${organizationName}?` });
    await expect(confirmApproval).toContainText(`No Kindly account uses ${owner.email} yet`);
    await confirmApproval.getByRole("button", { name: "Approve" }).click();
    await expect(card.getByRole("status")).toHaveText(
      `The request from ${organizationName} will be approved in 6 seconds. You can still undo it.`,
    );
  };
  await approve();
  await card.getByRole("button", { name: "Undo" }).click();
  await adminPage.reload();
  await expect(card.getByRole("button", { name: "Approve" })).toBeVisible();
  await approve();
  await expect(adminPage.getByRole("heading", { name: organizationName })).toBeHidden();
  await admin.close();

  // 3. The invitation's link opens sign-up with the address filled in and fixed; once confirmed, the new owner
  // lands on the dashboard and its set-up checklist, not on the participants' tour (one tap away there).
  const invitation = await linkFromOutbox(request, owner.email, "/auth?tab=signup&invitation=");
  await page.goto(invitation);
  await expect(page.getByText(`Your organization ${organizationName} is approved.`)).toBeVisible();
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await new AuthPageObject(page).signUp(owner);
  await page.goto(await linkFromOutbox(request, owner.email, "/auth/confirm"));
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/business-dashboard/);
  await expect(page.getByRole("heading", { name: organizationName })).toBeVisible();
  const checklist = page.getByTestId("setup-checklist");
  const step = (name: string) => checklist.getByRole("listitem").filter({ hasText: name });
  await expect(checklist.getByRole("link", { name: "New to Kindly? Take the participants’ tour" })).toHaveAttribute("href", "/onboarding");
  // Nobody invited yet: the colleague step waits (the owner's own invitation is not one).
  await expect(step("Invite a colleague to the dashboard")).toContainText("— to do");
  await expect(page.getByText("No location yet.")).toBeVisible();
  await expectAccessible(page);
  // Home leads an owner to the dashboard, and no longer offers to register an organisation.
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Register my organization" })).toHaveCount(0);
  await page.getByRole("link", { name: "Open my organization’s dashboard" }).click();
  await expect(page.getByRole("heading", { name: organizationName })).toBeVisible();

  // 4. A location placed by dragging the pin (address search is down here, and says so), from the checklist.
  await checklist.getByRole("button", { name: "Add a place" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a location" });
  await dialog.getByLabel("Location name").fill("Café Olimpico");
  await dialog.getByRole("combobox", { name: "Business address" }).fill("124 Rue Saint-Viateur");
  await expect(dialog.getByText("Address search is unavailable right now. You can still place the pin on the map yourself.")).toBeVisible();
  await dialog.getByRole("button", { name: "Place a pin on the map" }).click();
  const pin = dialog.locator(".leaflet-marker-icon");
  await expect(pin).toBeVisible();
  const before = Number(await dialog.getByLabel("Latitude").inputValue());
  // The dialog scrolls: bring the map into view, or the press lands on the overlay and closes it.
  await dialog.getByTestId("location-pin-map").scrollIntoViewIfNeeded();
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 40, box.y + box.height / 2 - 60, { steps: 8 });
  await page.mouse.up();
  await expect.poll(async () => Number(await dialog.getByLabel("Latitude").inputValue())).toBeGreaterThan(before);
  const place = {
    lat: Number(await dialog.getByLabel("Latitude").inputValue()),
    lon: Number(await dialog.getByLabel("Longitude").inputValue()),
  };
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Add a location" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Café Olimpico" })).toBeVisible();
  await expect(step("Add your first place")).toContainText("— done");
  // "Print the kit" opens the first place's code at its print kit; closed unprinted, the step is still to do.
  await checklist.getByRole("button", { name: "Print the kit" }).click();
  await expect(page.getByRole("dialog", { name: "QR code: Café Olimpico" }).getByRole("heading", { name: "Print kit" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(step("Print your kit")).toContainText("— to do");

  // 5. Its QR code: the link, and the poster to print.
  await page.getByRole("button", { name: "QR code for Café Olimpico" }).click();
  const codeDialog = page.getByRole("dialog", { name: "QR code: Café Olimpico" });
  const link = (await codeDialog.locator("code").textContent())!;
  // A short link, so the printed QR stays small and sturdy; it leads to the code's scan page.
  expect(link).toMatch(/\/c\/[0-9A-Za-z]{10}$/);
  expect((await scanPageOf(request, link)).search).toMatch(/^\?org=KND-[0-9A-F]{6}&loc=[\w-]+&type=virtual&name=Caf%C3%A9\+Olimpico$/);
  await expect(codeDialog.getByRole("img", { name: "QR code of Café Olimpico" })).toBeVisible();
  await expectAccessible(page);
  // The print kit: each design previewed, then downloaded.
  const kit = codeDialog.getByRole("region", { name: "Print kit" });
  await expect(kit.getByRole("img", { name: "First page of the PDF: Poster: spotlight" })).toBeVisible();
  const [poster] = await Promise.all([page.waitForEvent("download"), kit.getByRole("link", { name: "Printable poster (PDF)" }).click()]);
  expect(poster.suggestedFilename()).toBe("kindly-Cafe-Olimpico-poster.pdf");
  // Three posters to choose from: the bold one for a window.
  await kit.getByLabel("Design").selectOption({ label: "Poster: bold colour" });
  await expect(kit.getByRole("img", { name: "First page of the PDF: Poster: bold colour" })).toBeVisible();
  const [bold] = await Promise.all([page.waitForEvent("download"), kit.getByRole("link", { name: "Printable poster (PDF)" }).click()]);
  expect(bold.suggestedFilename()).toBe("kindly-Cafe-Olimpico-poster-bold.pdf");
  await kit.getByLabel("Design").selectOption({ label: "Table tent, folded in half" });
  await kit.getByLabel("Paper").selectOption({ label: "A4" });
  await expect(kit.getByRole("img", { name: "First page of the PDF: Table tent, folded in half" })).toBeVisible();
  await expectAccessible(page);
  const [tent] = await Promise.all([page.waitForEvent("download"), kit.getByRole("link", { name: "Printable table tent (PDF)" }).click()]);
  expect(tent.suggestedFilename()).toBe("kindly-Cafe-Olimpico-tent.pdf");
  await kit.getByLabel("Design").selectOption({ label: "Round stickers, 12 per sheet" });
  const [stickers] = await Promise.all([page.waitForEvent("download"), kit.getByRole("link", { name: "Sheet of stickers (PDF)" }).click()]);
  expect(stickers.suggestedFilename()).toBe("kindly-Cafe-Olimpico-stickers.pdf");
  await page.keyboard.press("Escape");

  // 6. A participant, standing there, scans it.
  const participant = await confirmedUser(request);
  const phone = await pageNear(browser, place, 0.0002);
  await phone.page.goto(new URL(link).pathname);
  // Signed out: the position is judged there, the act kept, then sign-in opens it.
  const scan = new ScanPageObject(phone.page, ENGLISH);
  await scan.shareLocation();
  const auth = new AuthPageObject(phone.page);
  await auth.keepAct();
  await auth.switchToSignIn();
  await auth.signIn(participant.email, participant.password);
  const actNumber = await scan.openKeptCard();
  await phone.context.close();

  // 7. The dashboard shows it: the cards, the analytics, the interactions.
  await page.reload();
  const total = page
    .getByRole("region", { name: "Summary" })
    .locator("div")
    .filter({ has: page.getByText("Total scans", { exact: true }) });
  await expect(total.locator("dd")).toHaveText("1");
  await expect(page.getByText("1 scan", { exact: true })).toBeVisible();
  await new OrganizationDashboardPageObject(page).openTab("Analytics");
  await expect(page.getByRole("heading", { name: "Top 5 locations" }).locator("..")).toContainText("Café Olimpico");
  await expectAccessible(page);
  await new OrganizationDashboardPageObject(page).openTab("Interactions");
  await expect(page.getByRole("table", { name: "Recent acts" })).toContainText(
    `#${Number(actNumber.replace(/\D/g, "")).toLocaleString("en-CA")}`,
  );
  await expectAccessible(page);

  // 8. A campaign whose highlight shows on the map, where the list view lists the place.
  await new OrganizationDashboardPageObject(page).openTab("Campaigns");
  await page.getByRole("button", { name: "Create a campaign" }).first().click();
  const campaign = page.getByRole("dialog", { name: "Create a campaign" });
  await campaign.getByLabel("Campaign name").fill("Kindness week");
  await campaign.getByLabel("Description").fill("Come and scan us all week.");
  await campaign.getByLabel("Highlight on the map").selectOption("glow");
  await campaign.getByRole("button", { name: "Create a campaign" }).click();
  await expect(page.getByText("Running", { exact: true })).toBeVisible();
  await expectAccessible(page);

  const visitor = await pageNear(browser, place, 0.0003);
  await visitor.page.goto("/map");
  await visitor.page.getByRole("button", { name: "Show places near me" }).click();
  const listed = visitor.page
    .getByRole("region", { name: "Places in this area" })
    .getByRole("listitem")
    .filter({ hasText: "Café Olimpico" });
  await expect(listed).toContainText(organizationName);
  await expect(listed).toContainText("You can scan here");
  await expect(listed).toContainText("Campaign under way");
  await expect(visitor.page.locator(".kindly-dot.effect-glow")).toHaveCount(1);
  await expectAccessible(visitor.page);
  await visitor.context.close();
});

test("en français : la page d'inscription, le tableau de bord et la carte", async ({ browser, request }) => {
  const user = await confirmedUser(request, "fr");
  const { context, page } = await pageNear(browser, { lat: 45.5017, lon: -73.5673 }, 0, "fr");
  await page.goto("/for-organisations");
  await expect(page.getByRole("heading", { name: "Kindly pour votre organisation" })).toBeVisible();
  await page.getByRole("button", { name: "Envoyer ma demande" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Veuillez choisir un forfait avant d’envoyer la demande." })).toBeVisible();
  await expectAccessible(page);

  // Without an organisation, the dashboard explains and offers to ask for access.
  // Signed in through the context's own request client, which shares the page's cookies.
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  await new OrganizationDashboardPageObject(page).open();
  await expect(page.getByRole("heading", { name: "Accès à l’organisation requis" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Demander l’accès" })).toHaveAttribute("href", /^mailto:/);
  await expectAccessible(page);

  // Once their request is sent, the dashboard says it is being reviewed rather than to ask again.
  const sent = await page.request.post("/api/organization-requests", {
    data: {
      contactName: "Zoé Roy",
      organizationName: "Chez Zoé",
      type: "non-profit",
      industry: "social-services",
      email: user.email,
      phone: "514 555-0199",
      plan: "complete",
      priority: "both-wellbeing-first",
    },
  });
  expect(sent.status()).toBe(201);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Votre demande est à l’étude" })).toBeVisible();
  await expect(page.getByText(/Nous avons reçu votre demande pour Chez Zoé le/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Demander l’accès" })).toHaveCount(0);

  await page.goto("/map");
  await expect(page.getByRole("heading", { name: "Lieux dans ce secteur" })).toBeVisible();
  // The map's own controls speak French too.
  await expect(page.getByRole("button", { name: "Zoom avant" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Zoom arrière" })).toBeVisible();
  await expectAccessible(page);
  await context.close();
});

test("en français : la trousse d’impression d’une série de cartes portables, aperçue puis téléchargée", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("kindly.language", "fr"));
  // The official account, which may open any organisation's dashboard, signs in through the page's own request client.
  const official = officialAccount();
  expect((await page.request.post("/api/auth/sign-in", { data: official })).status()).toBe(200);
  const tag = Date.now().toString(36).toUpperCase();
  const created = await page.request.post("/api/admin/organizations", {
    data: { name: `Chez Zoë ${tag}`, type: "non-profit", orgCode: `ZOE-${tag}` },
  });
  expect(created.status()).toBe(201);
  const { id: organizationId } = (await created.json()) as { id: string };
  const series = await page.request.post(`/api/organizations/${organizationId}/card-series`, {
    data: { name: "Passez au suivant", cardType: "portable", cardCount: 30 },
  });
  expect(series.status()).toBe(201);

  await new OrganizationDashboardPageObject(page).open(organizationId);
  await page.getByRole("button", { name: "Code QR de Passez au suivant" }).click();
  const dialog = page.getByRole("dialog", { name: "Code QR : Passez au suivant" });
  await dialog.getByLabel("Numéro de carte (1 à 30)").fill("13");
  const kit = dialog.getByRole("region", { name: "Trousse d’impression" });
  await expect(kit.getByRole("img", { name: "Première page du PDF : Cartes professionnelles, 10 par feuille" })).toBeVisible();
  const [cards] = await Promise.all([
    page.waitForEvent("download"),
    kit.getByRole("link", { name: "Feuille de cartes à partir du nº 13 (PDF)" }).click(),
  ]);
  expect(cards.suggestedFilename()).toBe("kindly-Passez-au-suivant-cards-13-30.pdf");
  await kit.getByLabel("Modèle").selectOption({ label: "Autocollants ronds, 12 par feuille" });
  await expect(kit.getByRole("img", { name: "Première page du PDF : Autocollants ronds, 12 par feuille" })).toBeVisible();
  await expectAccessible(page);
  const [stickers] = await Promise.all([
    page.waitForEvent("download"),
    kit.getByRole("link", { name: "Feuille d’autocollants à partir du nº 13 (PDF)" }).click(),
  ]);
  expect(stickers.suggestedFilename()).toBe("kindly-Passez-au-suivant-stickers-13-30.pdf");
  await page.keyboard.press("Escape");

  // Its logo, chosen in the settings: it shows there and beside the dashboard's title.
  await new OrganizationDashboardPageObject(page).openTab("Paramètres");
  const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 14, g: 116, b: 144, alpha: 1 } } })
    .png()
    .toBuffer();
  await page.getByLabel("Choisir un fichier de logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: logo });
  await expect(page.getByRole("img", { name: `Logo de Chez Zoë ${tag}` })).toHaveCount(2);
  await expectAccessible(page);
  // A drawing is refused, and says why.
  await page
    .getByLabel("Choisir un fichier de logo")
    .setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByRole("alert").filter({ hasText: "Les dessins SVG ne sont pas acceptés" })).toBeVisible();
  await expect(page.getByRole("img", { name: `Logo de Chez Zoë ${tag}` })).toHaveCount(2);
});

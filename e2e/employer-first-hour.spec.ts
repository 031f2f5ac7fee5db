import { AuthPageObject } from "./support/auth-page.js";
import { newEmployer, PHONE, signedInPhone } from "./support/employer.js";
import { expect, expectAccessible, linkFromOutbox, newUser, test } from "./support/fixtures.js";
import { newAccessCode } from "./support/workplace-api.js";

test.setTimeout(180_000);

test("en français, sur un téléphone : l’employeur envoie à son responsable informatique un lien vers le guide, avec ses propres valeurs, qui n’ouvre rien d’autre", async ({
  browser,
  request,
  baseURL,
}) => {
  const { owner, organizationId, organizationName } = await newEmployer(request, baseURL!, "fr", "Clinique");
  const phone = await signedInPhone(browser, owner, "fr", "fr-CA");
  const page = phone.page;
  await page.goto(`/business-dashboard?org=${organizationId}&tab=settings`);
  const handoff = page.getByRole("region", { name: "Envoyer à votre responsable informatique" });
  // The settings speak to IT; plain words come first, with the hand-off beside them.
  await expect(page.getByText(/^En bref\s: votre personnel se connecte à Kindly avec le compte de travail/)).toBeVisible();
  const itEmail = `ti${Date.now()}@clinique.example`;
  await handoff.getByLabel("Courriel de votre responsable informatique").fill(itEmail);
  await handoff.getByLabel("Langue du courriel").selectOption({ label: "Français" });
  await handoff.getByRole("button", { name: "Envoyer le guide" }).click();
  await expect(handoff.getByRole("status")).toContainText(`Envoyé à ${itEmail}.`);
  const shown = await handoff.getByLabel("Lien vers le guide").inputValue();
  await expectAccessible(page);
  await phone.context.close();

  // The IT person, signed out on their own phone, opens the mailed link: the same page the employer can copy.
  const link = await linkFromOutbox(request, itEmail, "/it-setup/");
  expect(new URL(shown).pathname).toBe(link);
  const it = await browser.newContext({ viewport: PHONE, locale: "fr-CA" });
  const itPage = await it.newPage();
  await itPage.addInitScript(() => localStorage.setItem("kindly.language", "fr"));
  await itPage.goto(link);
  await expect(itPage.getByRole("heading", { level: 1, name: `Connexion du personnel de ${organizationName} à Kindly` })).toBeVisible();
  await expect(itPage.getByLabel("URI de redirection")).toHaveValue(/\/api\/sso\/callback$/);
  await expect(itPage.getByLabel("URL de base SCIM")).toHaveValue(/\/scim\/v2$/);
  await expect(itPage.getByLabel("Lien de connexion du personnel")).toHaveValue(new RegExp(`/api/sso/${organizationId}/start$`));
  // The guide's steps done in Kindly become what to send back; the provider's own names stay as they are.
  await itPage.getByText("Microsoft Entra ID").click();
  await expect(itPage.getByText(`Transmettez à la personne-ressource Kindly de ${organizationName} l’émetteur`).first()).toBeVisible();
  await expectAccessible(itPage);
  // Nothing else opens: the employer's settings still ask for a sign-in.
  expect((await itPage.request.get(`/api/organizations/${organizationId}/workplace/sso`)).status()).toBe(401);
  await it.close();
});

test("a new employee, signed out on a phone, opens the workplace area with their employer's code, creates an account there and comes back to it", async ({
  browser,
  request,
  baseURL,
}) => {
  const { ownerApi, organizationId } = await newEmployer(request, baseURL!, "en");
  const code = await newAccessCode(ownerApi, organizationId, 5);
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await page.goto(`/workplace-wellbeing?code=${code}`);
  await expect(page.getByRole("heading", { name: "Sign in to open the workplace well-being area" })).toBeVisible();
  await page.getByRole("link", { name: "Create my account" }).click();
  const employee = newUser();
  await new AuthPageObject(page).signUp(employee);
  // The confirmation, opened in the same browser, leads back to the area with the code still filled in.
  await page.goto(await linkFromOutbox(request, employee.email, "/auth/confirm"));
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(new RegExp(`/workplace-wellbeing\\?code=${code}$`));
  const unlock = page.getByRole("dialog", { name: "Unlock workplace well-being" });
  await expect(unlock.getByLabel("Employer code")).toHaveValue(code);
  await unlock.getByRole("button", { name: "Unlock access" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Workplace well-being" })).toBeVisible();
  await context.close();
});

import en from "../src/shared/i18n/messages/en/workplace.json" with { type: "json" };
import fr from "../src/shared/i18n/messages/fr/workplace.json" with { type: "json" };
import { startOidcProvider } from "../src/server/test/oidc-provider.js";
import { startDnsServer, type TestDnsServer } from "../src/server/test/dns-server.js";
import { ScimClient } from "../src/server/test/scim-client.js";
import { OrganizationDashboardPageObject } from "./support/dashboard-page.js";
import { newEmployer, PHONE, signedInPhone } from "./support/employer.js";
import { confirmedUser, expect, expectAccessible, linkFromOutbox, test } from "./support/fixtures.js";
import { E2E_DNS_PORT } from "./support/e2e-dns.js";
import { noteScreenshot } from "./support/note-screens.js";

test.setTimeout(240_000);

// The DNS server the e2e server asks (DNS_SERVERS): the employer's TXT record is published here. It has
// one port, so both languages' journeys run in one worker, one after the other.
test.describe.configure({ mode: "default" });
let dns: TestDnsServer;
test.beforeAll(async () => {
  dns = await startDnsServer(E2E_DNS_PORT);
});
test.afterAll(() => dns?.close());

const JOURNEY = {
  en: {
    title:
      "in English: an employer sets up single sign-on with its OpenID Connect provider and its staff directory over SCIM; an employee signs in with the provider and lands in the workplace area; deactivated in the directory, they lose it at once and the headcount follows",
    locale: "en-CA",
    w: en.workplace,
    settingsTab: "Settings",
    configured: /^Set up, last changed on /,
    people: "4 active people · 0 deactivated · 1 with a Kindly account",
    verifiedOn: /^Verified on /,
    headcount: "Survey participation counts over the 4 active people of your directory.",
    after: "3 active people · 1 deactivated · 1 with a Kindly account",
    headcountAfter: "Survey participation counts over the 3 active people of your directory.",
  },
  fr: {
    title:
      "en français : un employeur configure l’authentification unique avec son fournisseur OpenID Connect et son répertoire du personnel en SCIM; une employée se connecte par le fournisseur et arrive dans l’espace mieux-être au travail; désactivée dans le répertoire, elle le perd aussitôt et l’effectif suit",
    locale: "fr-CA",
    w: fr.workplace,
    settingsTab: "Paramètres",
    configured: /^Configurée, dernière modification le /,
    people: "4 personnes actives · 0 désactivée · 1 avec un compte Kindly",
    verifiedOn: /^Vérifié le /,
    headcount: "La participation aux sondages se calcule sur les 4 personnes actives de votre répertoire.",
    after: "3 personnes actives · 1 désactivée · 1 avec un compte Kindly",
    headcountAfter: "La participation aux sondages se calcule sur les 3 personnes actives de votre répertoire.",
  },
} as const;

for (const language of ["en", "fr"] as const) {
  const j = JOURNEY[language];
  test(j.title, async ({ browser, request, baseURL }) => {
    const provider = await startOidcProvider({ redirectUri: `${baseURL}/api/sso/callback` });
    try {
      const { owner, ownerApi, organizationId } = await newEmployer(request, baseURL!, language, "Clinique");
      const employerName = `Clinique ${owner.username.slice(-6)}`;

      // 1. The owner, on a phone, names the provider in the settings; Kindly checks it by discovery.
      const { context: ownerPhone, page } = await signedInPhone(browser, owner, language, j.locale);
      await new OrganizationDashboardPageObject(page).open(organizationId);
      await page.getByRole("tab", { name: j.settingsTab }).click();
      const sso = page.getByRole("region", { name: j.w.employer.sso.title });
      await expect(sso.getByText(j.w.employer.sso.notConfigured)).toBeVisible();
      await expect(sso.getByLabel(j.w.employer.sso.redirectUri)).toHaveValue(`${baseURL}/api/sso/callback`);
      await sso.getByLabel(j.w.employer.sso.issuer).fill(provider.issuer);
      await sso.getByLabel(j.w.employer.sso.clientId).fill(provider.clientId);
      await sso.getByLabel(j.w.employer.sso.clientSecret).fill(provider.clientSecret);
      await sso.getByRole("button", { name: j.w.employer.sso.save }).click();
      await expect(sso.getByText(j.configured)).toBeVisible();
      const signInLink = sso.getByLabel(j.w.employer.sso.signInLink);
      await expect(signInLink).toHaveValue(`${baseURL}/api/sso/${organizationId}/start`);
      await expect(sso.getByLabel(j.w.employer.sso.clientSecret)).toHaveValue("");
      await expectAccessible(page);
      await noteScreenshot(page, `issue-47/sso-settings-${language}`, sso);

      // 1b. The employer proves it owns its email domain: the TXT record shown, published, then checked.
      const domain = `clinique-${owner.username.slice(-8).toLowerCase()}.test`;
      const domains = sso.getByRole("region", { name: j.w.employer.sso.domains.title });
      await expect(domains.getByText(j.w.employer.sso.domains.empty)).toBeVisible();
      await domains.getByLabel(j.w.employer.sso.domains.domain).fill(domain);
      await domains.getByRole("button", { name: j.w.employer.sso.domains.add }).click();
      await expect(domains.getByText(j.w.employer.sso.domains.notVerified)).toBeVisible();
      const recordName = await domains.getByLabel(j.w.employer.sso.domains.recordName).inputValue();
      expect(recordName).toBe(`_kindly-verification.${domain}`);
      dns.setTxt(recordName, [await domains.getByLabel(j.w.employer.sso.domains.recordValue).inputValue()]);
      await expectAccessible(page);
      await noteScreenshot(page, `issue-58/domain-record-${language}`, domains);
      await domains.getByRole("button", { name: j.w.employer.sso.domains.check }).click();
      await expect(domains.getByText(j.verifiedOn)).toBeVisible();
      await expect(domains.getByLabel(j.w.employer.sso.domains.recordName)).toHaveCount(0);
      await noteScreenshot(page, `issue-58/domain-verified-${language}`, domains);

      // 2. The staff directory: a token made and shown once, given to the provider (here, a SCIM client).
      const directory = page.getByRole("region", { name: j.w.employer.directory.title });
      await directory.getByRole("button", { name: j.w.employer.directory.create }).click();
      const dialog = page.getByRole("dialog", { name: j.w.employer.directory.tokenTitle });
      await expect(dialog.getByLabel(j.w.employer.directory.baseUrl)).toHaveValue(`${baseURL}/scim/v2`);
      const token = await dialog.getByLabel(j.w.employer.directory.token).inputValue();
      await noteScreenshot(page, `issue-47/scim-token-${language}`, dialog);
      await page.keyboard.press("Escape");
      const scim = new ScimClient(`${baseURL}/scim/v2`, token);
      const employeeEmail = `amelie@${domain}`;
      const listed: Record<string, string> = {};
      for (const email of [employeeEmail, `bruno@${domain}`, `chloe@${domain}`]) {
        const created = await scim.create({ userName: email, email, givenName: email.split(".")[0] });
        expect(created.status).toBe(201);
        listed[email] = created.body.id as string;
      }
      // 2b. Someone the directory lists who already has a Kindly account is asked, never added on the provider's word.
      const colleague = await confirmedUser(request, language);
      const colleagueEntry = await scim.create({ userName: colleague.email, email: colleague.email });
      expect(colleagueEntry.status).toBe(201);
      const { context: colleaguePhone, page: colleaguePage } = await signedInPhone(browser, colleague, language, j.locale);
      await colleaguePage.goto("/workplace-wellbeing");
      const invitation = colleaguePage.getByRole("region", { name: j.w.invitation.title.replace("{{employer}}", employerName) });
      await expect(invitation).toBeVisible();
      await expect(colleaguePage.getByRole("tab", { name: j.w.tabs.surveys })).toHaveCount(0);
      await expectAccessible(colleaguePage);
      await noteScreenshot(colleaguePage, `issue-58/directory-invitation-${language}`);
      await invitation.getByRole("button", { name: j.w.invitation.accept.replace("{{employer}}", employerName) }).click();
      await expect(colleaguePage.getByRole("tab", { name: j.w.tabs.surveys })).toBeVisible();
      await colleaguePhone.close();

      await page.reload();
      await page.getByRole("tab", { name: j.settingsTab }).click();
      await expect(directory.getByText(j.people)).toBeVisible();
      await expect(directory.getByText(j.headcount)).toBeVisible();

      // 3. The employee opens the sign-in link on her phone: the provider's page, then Kindly's first-time page.
      provider.accounts.set(employeeEmail, { name: "Amélie Tremblay" });
      const employeeContext = await browser.newContext({ viewport: PHONE, locale: j.locale });
      const employee = await employeeContext.newPage();
      await employee.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
      await employee.goto(await signInLink.inputValue());
      await employee.locator('input[name="login"]').fill(employeeEmail);
      await employee.locator('input[name="password"]').fill("at the provider");
      await employee.locator('button[type="submit"]').click();
      await expect(employee).toHaveURL(/\/sso\/continue\?token=/);
      await expect(employee.getByRole("heading", { name: j.w.sso.createTitle })).toBeVisible();
      const username = employee.getByLabel(j.w.sso.username);
      await expect(username).toHaveValue("AmelieTremblay");
      await username.fill(`Amelie${owner.username.slice(-6)}`);
      await expectAccessible(employee);
      await noteScreenshot(employee, `issue-47/sso-first-sign-in-${language}`);
      await employee.getByRole("button", { name: j.w.sso.create }).click();

      // 4. In the workplace area, no code asked.
      await expect(employee).toHaveURL(/\/workplace-wellbeing$/);
      await expect(employee.getByText(j.w.subtitle.replace("{{employer}}", employerName))).toBeVisible();
      await expect(employee.getByRole("tab", { name: j.w.tabs.surveys })).toBeVisible();
      await noteScreenshot(employee, `issue-47/sso-workplace-${language}`);

      // 4b. Someone whose address is outside the verified domain: Kindly mails a link first, opened in the same browser.
      const outsider = `remi.${owner.username.slice(-8).toLowerCase()}@courriel.test`;
      provider.accounts.set(outsider, { name: "Rémi Roy" });
      const outsiderContext = await browser.newContext({ viewport: PHONE, locale: j.locale });
      const outsiderPage = await outsiderContext.newPage();
      await outsiderPage.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
      await outsiderPage.goto(await signInLink.inputValue());
      await outsiderPage.locator('input[name="login"]').fill(outsider);
      await outsiderPage.locator('input[name="password"]').fill("at the provider");
      await outsiderPage.locator('button[type="submit"]').click();
      await expect(outsiderPage.getByText(j.w.sso.confirmHint.replace("{{email}}", outsider))).toBeVisible();
      await outsiderPage.getByLabel(j.w.sso.username).fill(`Remi${owner.username.slice(-6)}`);
      await outsiderPage.getByRole("button", { name: j.w.sso.create }).click();
      await expect(outsiderPage.getByRole("heading", { name: j.w.sso.confirmSentTitle })).toBeVisible();
      await expectAccessible(outsiderPage);
      await noteScreenshot(outsiderPage, `issue-58/sso-confirm-sent-${language}`);
      await outsiderPage.goto(await linkFromOutbox(request, outsider, "/sso/continue"));
      await expect(outsiderPage).toHaveURL(/\/workplace-wellbeing$/);
      await expect(outsiderPage.getByRole("tab", { name: j.w.tabs.surveys })).toBeVisible();
      await outsiderContext.close();

      // 5. The directory deactivates her: the area closes at once, and the employer's headcount follows.
      expect((await scim.setActive(listed[employeeEmail]!, false)).status).toBe(200);
      await employee.reload();
      await expect(employee.getByRole("button", { name: j.w.locked.enterCode })).toBeVisible();
      await expect(employee.getByRole("tab", { name: j.w.tabs.surveys })).toHaveCount(0);
      await noteScreenshot(employee, `issue-47/scim-deactivated-${language}`);
      await page.reload();
      await page.getByRole("tab", { name: j.settingsTab }).click();
      await expect(directory.getByText(j.after)).toBeVisible();
      await expect(directory.getByText(j.headcountAfter)).toBeVisible();
      await noteScreenshot(page, `issue-47/scim-headcount-${language}`, directory);
      const surveys = (await (await ownerApi.get(`/api/organizations/${organizationId}/compliance/surveys`)).json()) as {
        employeesWithAccess: number;
      };
      expect(surveys.employeesWithAccess).toBe(3);
      await employeeContext.close();
      await ownerPhone.close();
    } finally {
      await provider.close();
    }
  });
}

import { readFile } from "node:fs/promises";
import { sql } from "kysely";
import en from "../src/shared/i18n/messages/en/workplace.json" with { type: "json" };
import fr from "../src/shared/i18n/messages/fr/workplace.json" with { type: "json" };
import { embeddedCredential, verifyOpenBadgeJwt, verifyOpenBadgeProof } from "../src/server/test/credential-verifier.js";
import { OrganizationDashboardPageObject } from "./support/dashboard-page.js";
import { newEmployer, PHONE, sessionOf, signedInPhone } from "./support/employer.js";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { noteScreenshot } from "./support/note-screens.js";
import { withE2eDatabase } from "./support/e2e-database.js";
import { joinWorkplace, newAccessCode, passHarassmentQuiz } from "./support/workplace-api.js";

test.setTimeout(180_000);

const JOURNEY = {
  en: {
    title:
      "in English: a certificate downloaded from /verify as an Open Badges 3.0 credential verifies offline, fails once one byte changes, and reads as revoked once the certificate is renewed or its employer withdraws it",
    locale: "en-CA",
    v: en.workplace.verify,
    c: en.employer.certificates,
    area: "Workplace well-being",
    section: "Certificates",
    achievement: "Harassment prevention certificate",
  },
  fr: {
    title:
      "en français : un certificat téléchargé depuis /verify comme justificatif Open Badges 3.0 se vérifie hors ligne, échoue dès qu’un octet change, et se lit comme révoqué une fois le certificat renouvelé ou retiré par son employeur",
    locale: "fr-CA",
    v: fr.workplace.verify,
    c: fr.employer.certificates,
    area: "Mieux-être au travail",
    section: "Certificats",
    achievement: "Certificat de prévention du harcèlement",
  },
} as const;

/** Brings a certificate's expiry within the renewal window. */
async function dueForRenewal(code: string) {
  await withE2eDatabase(async (db) => {
    const moved = await db
      .updateTable("certificates")
      .set({ expires_at: sql<Date>`now() + interval '10 days'` })
      .where("code", "=", code)
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
  });
}

for (const language of ["en", "fr"] as const) {
  const j = JOURNEY[language];
  test(j.title, async ({ browser, request, baseURL }) => {
    const { owner, ownerApi, organizationId } = await newEmployer(request, baseURL!, language);
    const accessCode = await newAccessCode(ownerApi, organizationId, 5);
    const employee = await confirmedUser(request, language);
    const employeeApi = await sessionOf(baseURL!, employee, language);
    await joinWorkplace(employeeApi, accessCode);
    const code = await passHarassmentQuiz(employeeApi);

    // 1. An HR system's person opens /verify on a phone and downloads the credential.
    const context = await browser.newContext({ viewport: PHONE, locale: j.locale, acceptDownloads: true });
    const page = await context.newPage();
    await page.addInitScript((chosen) => localStorage.setItem("kindly.language", chosen), language);
    await page.goto(`/verify/${code}`);
    const offer = page.getByRole("region", { name: j.v.credential.title });
    await expect(offer.getByText(j.v.credential.text.split("{{")[0]!.trim().slice(0, 40))).toBeVisible();
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/3-verify-credential-${language}`, offer);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      offer.getByRole("link", { name: j.v.credential.download }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`kindly-certificate-harassment-${code}.jwt`);
    const jwt = (await readFile((await download.path())!, "utf8")).trim();

    // 2. Verified offline by verifiers that are not Kindly's: the key found from the issuer's did:key, the status list read at check time.
    const statusUrl = embeddedCredential(jwt).credentialStatus.statusListCredential as string;
    const collect = async () => ({ [statusUrl]: await (await request.get(new URL(statusUrl).pathname)).json() });
    const verify = async (token: string) => {
      const statusLists = await collect();
      const [byJwt, byProof] = await Promise.all([
        verifyOpenBadgeJwt(token, statusLists),
        verifyOpenBadgeProof(embeddedCredential(token), statusLists),
      ]);
      expect(byProof.problem).toBe(byJwt.problem);
      return byJwt;
    };
    expect(await verify(jwt)).toMatchObject({
      verified: true,
      credential: { credentialSubject: { achievement: { name: j.achievement } } },
    });
    const at = jwt.indexOf(".") + 25;
    const altered = `${jwt.slice(0, at)}${jwt[at] === "x" ? "y" : "x"}${jwt.slice(at + 1)}`;
    expect(await verifyOpenBadgeJwt(altered, await collect())).toMatchObject({ verified: false, problem: "signature" });

    // 3. Renewed: the certificate is superseded and its credential reads as revoked; /verify says so.
    await dueForRenewal(code);
    const renewed = await passHarassmentQuiz(employeeApi);
    expect(renewed).not.toBe(code);
    expect(await verify(jwt)).toMatchObject({ verified: false, problem: "revoked" });
    await page.reload();
    await expect(offer.getByText(j.v.credential.revoked)).toBeVisible();
    await noteScreenshot(page, `issue-47/3-verify-revoked-${language}`, offer);
    await context.close();

    // 4. The employer withdraws the renewed one (issued in error): its credential is revoked too, and /verify says so.
    const fresh = await (await request.get(`/api/certificates/${renewed}/credential`)).text();
    expect(await verify(fresh)).toMatchObject({ verified: true });
    const { context: employerContext, page: employerPage } = await signedInPhone(browser, owner, language, j.locale);
    const dashboard = new OrganizationDashboardPageObject(employerPage);
    await dashboard.open(organizationId);
    await dashboard.openTab(j.area);
    await employerPage.getByRole("tab", { name: j.section }).click();
    await employerPage.getByLabel(j.c.withdrawCode).fill(renewed);
    await employerPage.getByRole("button", { name: j.c.withdraw }).click();
    const confirm = employerPage.getByRole("dialog", { name: j.c.withdrawConfirmTitle });
    await confirm.getByRole("button", { name: j.c.withdraw }).click();
    await expect(employerPage.getByLabel(j.c.withdrawCode)).toHaveValue("");
    expect(await verify(fresh)).toMatchObject({ verified: false, problem: "revoked" });
    await employerPage.goto(`/verify/${renewed}`);
    await expect(employerPage.getByText(j.v.withdrawnNote)).toBeVisible();
    await expect(employerPage.getByText(j.v.credential.revokedWithdrawn)).toBeVisible();
    await noteScreenshot(employerPage, `issue-47/3-verify-withdrawn-${language}`);
    await employerContext.close();
  });
}

import { sql } from "kysely";
import { OrganizationDashboardPageObject } from "./support/dashboard-page.js";
import { newEmployer, sessionOf, signedInPhone } from "./support/employer.js";
import { confirmedUser, expect, expectAccessible, test } from "./support/fixtures.js";
import { noteScreenshot } from "./support/note-screens.js";
import { withE2eDatabase } from "./support/e2e-database.js";
import { joinWorkplace, newAccessCode, passHarassmentQuiz } from "./support/workplace-api.js";
import { WorkplacePageObject } from "./support/workplace-page.js";

// Two browsers and a renewal quiz; the server looks for certificates to renew every 2 s here (REMINDER_CHECK_SECONDS).
test.setTimeout(180_000);

const WORDS = {
  en: {
    title:
      "in English: a harassment-prevention certificate 335 days old brings its holder a reminder, the employer sees it due, the holder renews it and /verify tells old from new, then expired",
    locale: "en-CA",
    reminder: "Time to renew your certificate: Harassment prevention certificate",
    area: "Workplace well-being",
    section: "Certificates",
    validity: "Harassment prevention certificate",
    reminded: /Expires .+ · Reminded /,
    policies: "Policies",
    due: /^Time to renew: this certificate is valid until .+\. Take the training again to renew it\.$/,
    renew: "Renew the certificate",
    quiz: { next: "Next", submit: "Submit answers" },
    renewedOld: "This certificate was genuine, and a newer version replaced it.",
    renewedNote: "Its holder renewed it: the newer version is dated from the renewal and holds from then.",
    validUntil: "Valid until",
    expired: /^This certificate was genuine, and it expired on .+\.$/,
  },
  fr: {
    title:
      "en français : un certificat de prévention du harcèlement vieux de 335 jours vaut un rappel à son titulaire, l’employeur le voit à renouveler, le titulaire le renouvelle et /verify distingue l’ancien du nouveau, puis l’expiré",
    locale: "fr-CA",
    reminder: "Il est temps de renouveler votre certificat\u00a0: Certificat de prévention du harcèlement",
    area: "Mieux-être au travail",
    section: "Certificats",
    validity: "Certificat de prévention du harcèlement",
    reminded: /Expire le .+ · Rappel envoyé le /,
    policies: "Politiques",
    due: /^À renouveler\u00a0: ce certificat est valide jusqu’au .+\. Refaites la formation pour le renouveler\.$/,
    renew: "Renouveler le certificat",
    quiz: { next: "Suivant", submit: "Soumettre les réponses" },
    renewedOld: "Ce certificat était authentique, et une version plus récente l’a remplacé.",
    renewedNote: "Son titulaire l’a renouvelé\u00a0: la version plus récente est datée du renouvellement et vaut à partir de ce jour.",
    validUntil: "Valide jusqu’au",
    expired: /^Ce certificat était authentique, et il a expiré le .+\.$/,
  },
} as const;

/** Rewrites a certificate's dates as if it had been earned `days` ago. */
async function earnedDaysAgo(code: string, days: number, expires: "a year on" | "yesterday") {
  await withE2eDatabase(async (db) => {
    const earned = sql<Date>`now() - make_interval(days => ${days})`;
    const moved = await db
      .updateTable("certificates")
      .set({
        completed_at: earned,
        issued_at: earned,
        expires_at:
          expires === "a year on"
            ? sql<Date>`now() - make_interval(days => ${days}) + interval '1 year'`
            : sql<Date>`now() - interval '1 day'`,
      })
      .where("code", "=", code)
      .executeTakeFirst();
    expect(Number(moved.numUpdatedRows)).toBe(1);
  });
}

for (const language of ["en", "fr"] as const) {
  const words = WORDS[language];
  test(words.title, async ({ browser, request, baseURL }) => {
    // An employer, and an employee who passed the harassment-prevention quiz (through the API: the UI's pass is another journey's).
    const { owner, ownerApi, organizationId } = await newEmployer(request, baseURL!, language);
    const employee = await confirmedUser(request, language);
    const employeeApi = await sessionOf(baseURL!, employee, language);
    await joinWorkplace(employeeApi, await newAccessCode(ownerApi, organizationId, 5));
    const firstCode = await passHarassmentQuiz(employeeApi);

    // 335 days later (its year ends in 30 days): the server reminds its holder by email, once.
    await earnedDaysAgo(firstCode, 335, "a year on");
    await expect
      .poll(
        async () => {
          const { messages } = (await (await request.get("/api/dev/mail")).json()) as { messages: { to: string; subject: string }[] };
          return messages.filter((m) => m.to === employee.email.toLowerCase() && m.subject === words.reminder).length;
        },
        { timeout: 30_000, intervals: [1_000] },
      )
      .toBe(1);

    // The employer sees the holder due, and reminded; and gives harassment prevention two years from now on.
    const { context: employerContext, page: employerPage } = await signedInPhone(browser, owner, language, words.locale);
    const dashboard = new OrganizationDashboardPageObject(employerPage);
    await dashboard.open(organizationId);
    await dashboard.openTab(words.area);
    await employerPage.getByRole("tab", { name: words.section }).click();
    const due = employerPage.getByRole("listitem").filter({ hasText: employee.username });
    await expect(due).toContainText(words.reminded);
    await expectAccessible(employerPage);
    await noteScreenshot(employerPage, `issue-47/4-employer-due-${language}`);
    await employerPage.getByLabel(words.validity).selectOption("24");
    await expect
      .poll(async () => {
        const { validity } = (await (await ownerApi.get(`/api/organizations/${organizationId}/compliance/certificates`)).json()) as {
          validity: { kind: string; months: number | null }[];
        };
        return validity.find((v) => v.kind === "harassment")?.months;
      })
      .toBe(24);
    await employerContext.close();

    // The holder renews: the quiz opens again, a pass issues a new certificate.
    const { context: holderContext, page } = await signedInPhone(browser, employee, language, words.locale);
    await page.goto("/workplace-wellbeing?tab=policies");
    await expect(page.getByText(words.due)).toBeVisible();
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/4-holder-due-${language}`, page.getByText(words.due).locator(".."));
    await page.getByRole("button", { name: words.renew }).click();
    await new WorkplacePageObject(page).answerKnowingly("harassment", language, words.quiz);
    await expect
      .poll(async () => {
        const { quizzes } = (await (await page.request.get("/api/workplace/quizzes")).json()) as {
          quizzes: { id: string; certificateCode: string; renewalOpen: boolean }[];
        };
        const harassment = quizzes.find((q) => q.id === "harassment")!;
        return harassment.certificateCode !== firstCode && !harassment.renewalOpen ? harassment.certificateCode : null;
      })
      .not.toBeNull();
    const { quizzes } = (await (await page.request.get("/api/workplace/quizzes")).json()) as {
      quizzes: { id: string; certificateCode: string }[];
    };
    const renewedCode = quizzes.find((q) => q.id === "harassment")!.certificateCode;

    // /verify: the old code says it was renewed and by which; the new one is valid for two years.
    await page.goto(`/verify/${firstCode}`);
    await expect(page.getByRole("status").getByText(words.renewedOld)).toBeVisible();
    await expect(page.getByText(words.renewedNote)).toBeVisible();
    await expect(page.getByRole("link", { name: renewedCode })).toBeVisible();
    await page.getByRole("link", { name: renewedCode }).click();
    await expect(page.getByRole("term").filter({ hasText: words.validUntil })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: String(new Date().getFullYear() + 2) })).toBeVisible();
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/4-verify-renewed-${language}`);

    // Left to lapse, it says so.
    await earnedDaysAgo(renewedCode, 800, "yesterday");
    await page.reload();
    await expect(page.getByRole("alert").getByText(words.expired)).toBeVisible();
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/4-verify-expired-${language}`);
    await holderContext.close();
  });
}

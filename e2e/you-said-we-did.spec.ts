import type { APIRequestContext } from "@playwright/test";
import en from "../src/shared/i18n/messages/en/workplace.json" with { type: "json" };
import fr from "../src/shared/i18n/messages/fr/workplace.json" with { type: "json" };
import { answersScoring } from "../src/server/test/compliance-fixtures.js";
import { OrganizationDashboardPageObject } from "./support/dashboard-page.js";
import { newEmployer, sessionOf, signedInPhone } from "./support/employer.js";
import { confirmedUser, expect, expectAccessible, test, type NewUser } from "./support/fixtures.js";
import { joinWorkplace, newAccessCode } from "./support/workplace-api.js";
import { noteScreenshot } from "./support/note-screens.js";
import { WorkplacePageObject } from "./support/workplace-page.js";

test.setTimeout(240_000);

const JOURNEY = {
  en: {
    title:
      'in English: an employer publishes what it did about a survey\'s red flag, employees read it on their area, and the next survey asks whether it helped ("you said, we did")',
    locale: "en-CA",
    messages: en,
    action: "A second receptionist",
    words: "You told us the front desk was overwhelmed: a second receptionist starts on Monday.",
    area: "Workplace well-being",
    published: /^Published to employees on /,
    helped: "Did it help? 4.6 out of 5 in the next survey.",
    asked: /Asked in the survey from .+: 4\.6 out of 5 \(it helped\)\./,
    youSaid: /^You said: the “Stress and workload” category scored 1\.0 out of 5 \(survey from .+\)\.$/,
    stepper: { next: "Next", submit: "Submit" },
  },
  fr: {
    title:
      "en français : un employeur publie ce qu’il a fait au sujet d’un signal d’alarme, le personnel le lit dans son espace, et le sondage suivant demande si cela a aidé (« vous avez dit, nous avons agi »)",
    locale: "fr-CA",
    messages: fr,
    action: "Une deuxième réceptionniste",
    words: "Vous nous avez dit que l’accueil débordait : une deuxième réceptionniste commence lundi.",
    area: "Mieux-être au travail",
    published: /^Publiée pour le personnel le /,
    helped: "Cela a-t-il aidé? 4,6 sur 5 au sondage suivant.",
    asked: /Demandé dans le sondage du .+\u00a0: 4,6 sur 5 \(cela a aidé\)\./,
    youSaid: /^Vous avez dit\u00a0: la catégorie «\u00a0Stress et charge de travail\u00a0» a obtenu 1,0 sur 5 \(sondage du .+\)\.$/,
    stepper: { next: "Suivant", submit: "Soumettre" },
  },
} as const;

/** Every employee's current survey, answered through the API. */
async function answerAll(employees: APIRequestContext[], answers: (i: number) => number[]) {
  for (const [i, api] of employees.entries()) {
    const { survey } = (await (await api.get("/api/workplace/survey")).json()) as { survey: { id: string } };
    expect((await api.post(`/api/workplace/survey/${survey.id}/responses`, { data: { answers: answers(i) } })).status()).toBe(204);
  }
}

for (const language of ["en", "fr"] as const) {
  const j = JOURNEY[language];
  test(j.title, async ({ browser, request, baseURL }) => {
    // An employer and six employees; five answer a period that flags stress, whose results are shared.
    const { owner, ownerApi, organizationId } = await newEmployer(request, baseURL!, language);
    const base = `/api/organizations/${organizationId}/compliance`;
    const accessCode = await newAccessCode(ownerApi, organizationId, 10);
    const people: { user: NewUser; api: APIRequestContext }[] = [];
    for (let i = 0; i < 6; i++) {
      const user = await confirmedUser(request, language);
      const api = await sessionOf(baseURL!, user, language);
      await joinWorkplace(api, accessCode);
      people.push({ user, api });
    }
    const first = ((await (await ownerApi.post(`${base}/surveys`, { data: { resultsShared: true } })).json()) as { surveyId: string })
      .surveyId;
    await answerAll(
      people.slice(0, 5).map((p) => p.api),
      () => answersScoring({ stress: 1 }),
    );
    expect((await ownerApi.post(`${base}/surveys/${first}/close`)).status()).toBe(204);
    const action = await ownerApi.post(`${base}/actions`, { data: { title: j.action, redFlag: { surveyId: first, category: "stress" } } });
    expect(action.status()).toBe(201);

    // 1. The employer publishes it, in words it reviews, from the action plan.
    const { context: employer, page: employerPage } = await signedInPhone(browser, owner, language, j.locale);
    const dashboard = new OrganizationDashboardPageObject(employerPage);
    await dashboard.open(organizationId);
    await dashboard.openTab(j.area);
    await employerPage.getByRole("tab", { name: j.messages.employer.sections["action-plan"] }).click();
    const card = employerPage.getByRole("listitem").filter({ has: employerPage.getByRole("heading", { name: j.action }) });
    await card.getByRole("button", { name: j.messages.employer.actions.publication.publish.replace("{{title}}", j.action) }).click();
    const dialog = employerPage.getByRole("dialog", { name: j.messages.employer.actions.publication.dialogTitle });
    const text = dialog.getByLabel(j.messages.employer.actions.publication.text);
    // It starts from the action's own words.
    await expect(text).toHaveValue(j.action);
    await text.fill(j.words);
    await expectAccessible(employerPage);
    await dialog.getByRole("button", { name: j.messages.employer.actions.publication.submit }).click();
    await expect(card.getByText(j.published)).toBeVisible();
    await expect(card).toContainText(j.words);
    await expectAccessible(employerPage);
    await noteScreenshot(employerPage, `issue-47/6-published-${language}`, card);

    // 2. An employee reads it on the area's landing.
    const { context: employee, page } = await signedInPhone(browser, people[0]!.user, language, j.locale);
    await page.goto("/workplace-wellbeing");
    const said = page.getByRole("region", { name: j.messages.workplace.youSaidWeDid.title });
    await expect(said.getByText(j.youSaid)).toBeVisible();
    await expect(said).toContainText(j.words);
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/6-employee-reads-${language}`, said);

    // 3. The next survey asks, after its twelve questions, whether it helped: the employee answers it in the survey.
    const second = ((await (await ownerApi.post(`${base}/surveys`, { data: { resultsShared: true } })).json()) as { surveyId: string })
      .surveyId;
    await page.reload();
    await page.getByRole("button", { name: j.messages.workplace.today.answerSurvey }).click();
    // The intro says there is one question more.
    await expect(
      page.getByRole("listitem").filter({ hasText: j.messages.workplace.survey.intro.followUps_one.replace("{{count, number}}", "1") }),
    ).toBeVisible();
    await page.getByRole("button", { name: j.messages.workplace.survey.intro.start }).click();
    const stepper = new WorkplacePageObject(page);
    await stepper.answer([3, 3, 1, 3, 3, 3, 1, 3, 4, 3, 0, 4], { next: j.stepper.next, submit: j.stepper.next });
    await expect(page.getByText(j.messages.workplace.survey.followUp.label).first()).toBeVisible();
    // The question names what the employer did, in its words.
    await expect(page.locator("fieldset legend")).toContainText(j.words);
    await expectAccessible(page);
    await noteScreenshot(page, `issue-47/6-survey-asks-${language}`);
    await stepper.answer([4], j.stepper);
    await expect(page.getByText(j.messages.workplace.survey.completed.title)).toBeVisible();
    // Four more answer (one says it helped somewhat): 4.6 out of 5 once the period closes.
    await answerAll(
      people.slice(1, 5).map((p) => p.api),
      (i) => [...answersScoring({ stress: 3 }), i === 0 ? 3 : 5],
    );
    expect((await ownerApi.post(`${base}/surveys/${second}/close`)).status()).toBe(204);

    // 4. Both see whether it helped.
    await page.goto("/workplace-wellbeing");
    await expect(said.getByText(j.helped)).toBeVisible();
    await noteScreenshot(page, `issue-47/6-it-helped-${language}`, said);
    await employerPage.reload();
    await expect(card.getByText(j.asked)).toBeVisible();
    await employer.close();
    await employee.close();
  });
}

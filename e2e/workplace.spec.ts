import type { Locator, Page } from "@playwright/test";
import { fileURLToPath } from "node:url";
import { keyOf, loadCertificatePdf } from "../src/server/features/workplace/index.js";
import { TRAINING_MODULE_IDS } from "../src/shared/workplace/learning.js";
import en from "../src/shared/i18n/messages/en/workplace.json" with { type: "json" };
import fr from "../src/shared/i18n/messages/fr/workplace.json" with { type: "json" };
import { PageSizes } from "pdf-lib";
import { decodeQrPng, pdfText, readAsCamera } from "../src/server/test/documents.js";
import { AuthPageObject } from "./support/auth-page.js";
import { OrganizationDashboardPageObject } from "./support/dashboard-page.js";
import { officialAccount } from "./support/official.js";
import { downloaded } from "./support/downloads.js";
import { confirmedUser, expect, expectAccessible, test, type NewUser } from "./support/fixtures.js";
import { WorkplacePageObject } from "./support/workplace-page.js";

test.setTimeout(240_000);

const BOTTOM_BAR_HIDDEN = fileURLToPath(new URL("./support/screenshot.css", import.meta.url));

async function signIn(page: Page, user: NewUser, language: "en" | "fr") {
  await page.addInitScript((lang) => localStorage.setItem("kindly.language", lang), language);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
}

/** The area's landing: what needs doing, in order (the open survey first, with its closing day), before the reference tabs. */
async function expectLandingInOrder(page: Page, language: "en" | "fr", words: { title: string; cards: string[]; surveyOpen: string }) {
  const today = page.getByRole("region", { name: words.title });
  await expect(today.getByRole("heading", { level: 3 })).toHaveText(words.cards);
  const { survey } = (await (await page.request.get("/api/workplace/survey")).json()) as { survey: { periodEnd: string } };
  const closes = new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${survey.periodEnd}T12:00:00Z`),
  );
  await expect(today.getByRole("region", { name: words.cards[0] })).toContainText(words.surveyOpen.replace("{{date}}", closes));
  // The landing comes before the tabs.
  const landingTop = (await today.boundingBox())!.y;
  expect(landingTop).toBeLessThan((await page.getByRole("tablist").boundingBox())!.y);
}

/**
 * The first certificate asks for the holder's legal name, then downloads;
 * returns the PDF's text and the address its printed QR code holds, read by
 * an independent decoder (ZBar) as a phone camera would.
 */
async function certificateWithLegalName(
  page: Page,
  within: Locator,
  words: { needed: string; field: string; save: string; download: RegExp },
  name: string,
) {
  await expect(within.getByText(words.needed)).toBeVisible();
  await expectAccessible(page);
  await within.getByLabel(words.field).fill(name);
  await within.getByRole("button", { name: words.save }).click();
  const bytes = await downloaded(page, within.getByRole("link", { name: words.download }));
  const { x, y, size } = (await loadCertificatePdf()).CERTIFICATE_QR;
  const corner = { x: x - size, y: 0, width: PageSizes.Letter[1] - x + size, height: y + 2 * size };
  const [qr] = await readAsCamera(bytes, { page: 1, qrPoints: size, frames: [corner] });
  return { text: (await pdfText(bytes)).join("\n"), qr: qr! };
}

test("an employee unlocks the area, takes the survey, completes the training in order and gets a certificate anyone can verify", async ({
  page,
  request,
}) => {
  const user = await confirmedUser(request);
  await signIn(page, user, "en");
  const { code, employer } = await new WorkplacePageObject(page).demoCode();

  await page.goto("/workplace-wellbeing");
  await expect(page.getByRole("heading", { name: "Workplace well-being", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Enter employer code" }).click();
  const dialog = page.getByRole("dialog", { name: "Unlock workplace well-being" });
  await dialog.getByLabel("Employer code").fill("WRONGCODE");
  await dialog.getByRole("button", { name: "Unlock access" }).click();
  await expect(dialog.getByText("Invalid or expired code")).toBeVisible();
  await page.keyboard.press("Escape");

  await new WorkplacePageObject(page).unlock(code, {
    enter: "Enter employer code",
    title: "Unlock workplace well-being",
    field: "Employer code",
    submit: "Unlock access",
  });
  await expect(page.getByText(`Tools for a healthy, respectful workplace, offered by ${employer}.`)).toBeVisible();
  await expectLandingInOrder(page, "en", {
    title: "What needs doing",
    cards: ["Climate survey", "Training", "This month’s challenge"],
    surveyOpen: en.workplace.today.surveyOpen,
  });
  await expect(page.getByRole("tab", { name: "Prevention", selected: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: en.workplace.prevention.title })).toBeVisible();
  await expectAccessible(page);

  // The climate survey, from the landing's first card: intro, twelve questions one by one, then thanks.
  await page.getByRole("button", { name: "Answer the survey" }).click();
  await expect(page.getByRole("tab", { name: "Surveys", selected: true })).toBeVisible();
  await expect(page.getByText("12 questions in 6 categories")).toBeVisible();
  // The questions only; when the next survey opens is one line under the title, not a table.
  await expect(page.getByText(/^Next survey: /)).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await page.getByRole("button", { name: "Start" }).click();
  await expect(page.getByText("Question 1 of 12")).toBeVisible();
  await expect(page.getByText(en.workplace.survey.categories.stress).first()).toBeVisible();
  await expectAccessible(page);
  await new WorkplacePageObject(page).answer([3, 3, 1, 3, 3, 3, 1, 3, 4, 3, 0, 4], { next: "Next", submit: "Submit" });
  await expect(page.getByText("Thank you! You have completed this survey.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Climate survey" })).toContainText("You answered this period’s survey. Thank you!");
  // Under five responses, the results are a waiting state, not an error: nothing to retry, and no count of who answered.
  await page.getByRole("button", { name: "View results" }).click();
  await expect(page.getByText("Results are not ready yet")).toBeVisible();
  await expect(page.getByText("Results appear when at least 5 people have answered.", { exact: false })).toBeVisible();
  await expect(page.getByRole("button", { name: /Try again|Retry/ })).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Back to survey" }).click();

  // Training: the second module waits for the first; each passes only at 100 %.
  await page.getByRole("tab", { name: "Training" }).click();
  await expect(page.getByText("Complete the previous module to unlock")).toHaveCount(4);
  await expect(page.getByText("Complete all 5 modules to earn your certificate: 0 of 5 done.")).toBeVisible();
  await expectAccessible(page);
  for (const [index, id] of TRAINING_MODULE_IDS.entries()) {
    const title = en.workplace.training.modules[id].title;
    // The landing's card continues with the next module; the tab lists them all.
    if (index === 0) await page.getByRole("button", { name: `Continue: ${title}` }).click();
    else await page.getByRole("button", { name: `Open module: ${title}` }).click();
    await expect(page.getByText(en.workplace.training.modules[id].p1)).toBeVisible();
    if (index === 0) {
      // What it teaches, how long it takes, a scenario and an illustration with its text alternative.
      await expect(page.getByText("By the end, you will be able to:")).toBeVisible();
      await expect(page.getByText(en.workplace.training.modules[id].topics.t1.outcome)).toBeVisible();
      await expect(page.getByText("About 8 min")).toBeVisible();
      await expect(page.getByText(en.workplace.training.modules[id].scenario)).toBeVisible();
      await expect(page.getByRole("img", { name: en.workplace.training.modules[id].illustration })).toBeVisible();
      await expectAccessible(page);
    }
    await page.getByRole("button", { name: "Take the quiz" }).click();
    const words = { next: "Next", submit: "Submit answers" };
    if (index === 0) {
      // A first try with the third answer wrong: told which, and the idea to review, never the right option.
      const firstTry = await new WorkplacePageObject(page).answerKnowingly(id, "en", words, [2]);
      await expect(page.getByRole("status").filter({ hasText: "You need 100% to pass" })).toBeVisible();
      const missed = firstTry[2]!;
      const [topic, q] = missed.split(".") as ["t1", "q1"];
      const missedQuestion = en.workplace.training.modules[id].topics[topic][q];
      await expect(page.getByRole("listitem").filter({ hasText: `Not quite — ${missedQuestion.question}` })).toBeVisible();
      await expect(page.getByText(`The idea to review: ${en.workplace.training.modules[id].topics[topic].outcome}`)).toBeVisible();
      const rightOption = missedQuestion[`o${keyOf(id)[missed]! + 1}` as "o1"];
      await expect(page.getByText(rightOption)).toHaveCount(0);
      await expect(
        page.getByText("The right answers are not shown: your next attempt asks different questions on the same ideas."),
      ).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("button", { name: "Retry" }).click();
      // The retry asks other questions on the same ideas.
      const retry = await new WorkplacePageObject(page).answerKnowingly(id, "en", words);
      expect(retry.filter((question) => firstTry.includes(question))).toEqual([]);
    } else {
      await new WorkplacePageObject(page).answerKnowingly(id, "en", words);
    }
    await expect(page.getByRole("status").filter({ hasText: "Perfect score! Module completed!" })).toBeVisible();
    const next = TRAINING_MODULE_IDS[index + 1];
    if (next === undefined) {
      await expect(page.getByRole("button", { name: /^Next module/ })).toHaveCount(0);
    } else if (index === 0) {
      // A pass leads on to the next module, opened at its reading.
      await page.getByRole("button", { name: `Next module: ${en.workplace.training.modules[next].title}` }).click();
      await expect(page.getByText(en.workplace.training.modules[next].p1)).toBeVisible();
    }
    await page.getByRole("button", { name: "Back to modules" }).last().click();
    await expect(page.getByRole("button", { name: `Read again: ${title}` })).toBeVisible();
  }
  const certificateCode = (await page.getByText(/^Verification code: KC-/).textContent())!.replace("Verification code: ", "").trim();
  const certificateCard = page.getByRole("region", { name: "Training certificate" });
  const { text, qr } = await certificateWithLegalName(
    page,
    certificateCard,
    {
      needed: "Add your full legal name to download your certificate.",
      field: "Full legal name",
      save: "Save my name",
      download: /Download certificate \(PDF\)/,
    },
    "Marie-Ève Tremblay",
  );
  const facts = [
    "Marie-Ève Tremblay",
    "Certificate of completion",
    "Give recognition that is specific, sincere and timely, to effort as well as results",
    "Isabelle Gagnon",
    "Directrice générale",
    employer,
  ];
  for (const fact of [...facts, "Duration: 40 minutes", certificateCode]) expect(text).toContain(fact);
  expect(text).not.toContain(user.username);
  expect(qr).toBe(`${new URL(page.url()).origin}/verify/${certificateCode}`);
  // The name is the person's to change, in their settings, beside the remote-work choice.
  await page.getByRole("tab", { name: "My settings" }).click();
  await expect(page.getByText("Certificates carry: Marie-Ève Tremblay")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "I work remotely (all or part of the time)" })).toBeVisible();
  await expectAccessible(page);

  // Anyone can check it, signed out, from the printed code: the same facts, nothing more.
  await page.context().clearCookies();
  await page.goto(qr);
  await expect(page.getByText("This certificate is genuine.")).toBeVisible();
  for (const fact of [...facts, "40 minutes"]) await expect(page.getByRole("definition").filter({ hasText: fact })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: user.username })).toHaveCount(0);
  await expectAccessible(page);
  await page.goto("/verify/KC-0000-0000-0001");
  await expect(page.getByText(/not a valid certificate code|No certificate has this code/)).toBeVisible();
});

test("en français : une employée ouvre une politique, réussit le questionnaire sur le harcèlement au deuxième essai et écrit au comité anonymement", async ({
  page,
  request,
}) => {
  const user = await confirmedUser(request, "fr");
  await signIn(page, user, "fr");
  const { code } = await new WorkplacePageObject(page).demoCode();
  await new WorkplacePageObject(page).unlock(code, {
    enter: "Entrer le code de l’employeur",
    title: "Déverrouiller Mieux-être au travail",
    field: "Code de l’employeur",
    submit: "Déverrouiller l’accès",
  });
  await expect(page.getByRole("heading", { name: "Mieux-être au travail", level: 1 })).toBeVisible();
  await expectLandingInOrder(page, "fr", {
    title: "Ce qui vous attend",
    cards: ["Sondage sur le climat", "Formation", "Le défi du mois"],
    surveyOpen: fr.workplace.today.surveyOpen,
  });
  await expectAccessible(page);

  // Le premier module, depuis la carte « Formation » : un échec dit quelle notion revoir, sans la clé; le nouvel essai pose d’autres questions.
  const module = fr.workplace.training.modules["social-isolation"];
  await page.getByRole("button", { name: `Continuer : ${module.title}` }).click();
  await expect(page.getByText("À la fin, vous serez capable de :")).toBeVisible();
  await expect(page.getByText(module.scenario)).toBeVisible();
  await page.getByRole("button", { name: "Faire le questionnaire" }).click();
  const mots = { next: "Suivant", submit: "Soumettre les réponses" };
  const échec = await new WorkplacePageObject(page).answerKnowingly("social-isolation", "fr", mots, [1]);
  await expect(page.getByRole("status").filter({ hasText: "Il faut 100 % pour réussir" })).toBeVisible();
  const [thème, numéro] = échec[1]!.split(".") as ["t2", "q1"];
  await expect(page.getByText(`La notion à revoir : ${module.topics[thème].outcome}`)).toBeVisible();
  const bonneRéponse = module.topics[thème][numéro][`o${keyOf("social-isolation")[échec[1]!]! + 1}` as "o1"];
  await expect(page.getByText(bonneRéponse)).toHaveCount(0);
  await expectAccessible(page);
  await page.getByRole("button", { name: "Réessayer" }).click();
  const réussite = await new WorkplacePageObject(page).answerKnowingly("social-isolation", "fr", mots);
  expect(réussite.filter((question) => échec.includes(question))).toEqual([]);
  await expect(page.getByRole("status").filter({ hasText: "Note parfaite! Module terminé!" })).toBeVisible();
  await page.getByRole("button", { name: "Retour aux modules" }).last().click();
  await expect(page.getByRole("region", { name: "Formation", exact: true })).toContainText("1 module terminé sur 5");

  await page.getByRole("tab", { name: "Politiques" }).click();
  const policyLink = page.getByRole("link", { name: /Voir le PDF/ }).first();
  await expect(policyLink).toBeVisible();
  await expectAccessible(page);
  const [policyPage] = await Promise.all([page.context().waitForEvent("page"), policyLink.click()]);
  const policyResponse = await page.request.get((await policyLink.getAttribute("href"))!);
  expect(policyResponse.headers()["content-type"]).toBe("application/pdf");
  expect((await pdfText(await policyResponse.body())).join(" ")).toContain("Politique de prévention du harcèlement");
  await policyPage.close();

  const quiz = page.getByRole("region", { name: "Questionnaire sur la prévention du harcèlement" });
  await quiz.getByRole("button", { name: "Commencer le questionnaire" }).click();
  const firstTry = await new WorkplacePageObject(page).answerKnowingly("harassment", "fr", mots, [0]);
  await expect(quiz.getByText("Pas encore réussi · 1 tentative")).toBeVisible();
  await expect(quiz.getByText("La notion à revoir : Ce qu’est le harcèlement")).toBeVisible();
  await expect(quiz.getByText("Les bonnes réponses ne sont pas affichées", { exact: false })).toBeVisible();
  await quiz.getByRole("button", { name: "Recommencer" }).click();
  const retry = await new WorkplacePageObject(page).answerKnowingly("harassment", "fr", mots);
  expect(retry.filter((question) => firstTry.includes(question))).toEqual([]);
  await expect(quiz.getByText("Réussi avec 100 % · 2 tentatives")).toBeVisible();
  const { text: certificate, qr } = await certificateWithLegalName(
    page,
    quiz,
    {
      needed: "Ajoutez votre nom légal complet pour télécharger votre certificat.",
      field: "Nom légal complet",
      save: "Enregistrer mon nom",
      download: /Télécharger le certificat/,
    },
    "Jean-François Côté",
  );
  const faits = [
    "Jean-François Côté",
    "Certificat de prévention du harcèlement",
    "Soutenir un collègue en tant que témoin",
    "Isabelle Gagnon",
    "Directrice générale",
  ];
  for (const fait of [...faits, "Durée : 15 minutes", "2 tentatives"]) expect(certificate).toContain(fait);
  expect(certificate).not.toContain(user.username);

  await page.getByRole("tab", { name: "Comité" }).click();
  await expect(page.getByText("Sophie Tremblay")).toBeVisible();
  await expect(page.getByText("Réunion trimestrielle du comité")).toBeVisible();
  await page.getByRole("button", { name: "Faire part d’un commentaire au comité" }).click();
  await page.getByRole("button", { name: "Envoyer le commentaire" }).click();
  await expect(page.getByText("Veuillez entrer un sujet")).toBeVisible();
  await page.getByLabel("Sujet").fill("Ton des réunions");
  await page.getByLabel("Message").fill("Les réunions du lundi sont devenues tendues.");
  await page.getByLabel("Envoyer anonymement").check();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Envoyer le commentaire" }).click();
  // Sent: the form resets and folds away; anonymous feedback is nobody's, so it is not listed as mine.
  await expect(page.getByRole("button", { name: "Faire part d’un commentaire au comité" })).toBeVisible();
  await expect(page.getByText("Ton des réunions")).toHaveCount(0);

  await page.getByRole("tab", { name: "Défis" }).click();
  await expect(page.getByRole("tabpanel").getByText("0 geste de bienveillance sur 15 ce mois-ci")).toBeVisible();
  await expect(page.getByRole("link", { name: "Scanner un code QR" })).toHaveAttribute("href", "/scan");

  // Le code QR imprimé mène à la page de vérification, qui montre les mêmes faits, sans rien de plus.
  await page.context().clearCookies();
  await page.goto(qr);
  await expect(page.getByText("Ce certificat est authentique.")).toBeVisible();
  for (const fait of [...faits, "15 minutes"]) await expect(page.getByRole("definition").filter({ hasText: fait })).toBeVisible();
  await expectAccessible(page);
});

test("an employer shares an access code as a link or a QR code on a phone; the employee who opens it finds the code filled in", async ({
  browser,
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  // The official account manages any organisation, the demo employer's too.
  expect((await page.request.post("/api/auth/sign-in", { data: officialAccount() })).status()).toBe(200);
  const { code, employer } = await new WorkplacePageObject(page).demoCode();
  const { items } = (await (await page.request.get(`/api/admin/organizations?q=${encodeURIComponent(employer)}`)).json()) as {
    items: { id: string }[];
  };
  await new OrganizationDashboardPageObject(page).open(items[0]!.id);
  await new OrganizationDashboardPageObject(page).openTab("Settings");
  const codes = page.getByRole("list", { name: "Access codes" });
  await expect(codes.getByText(code, { exact: true })).toBeVisible();
  // It fits the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  // Who signs the certificates is set here too (the demo employer named its director); a name is required.
  const signatory = page.getByRole("region", { name: "Certificate signatory" });
  await expect(signatory.getByLabel("Signatory’s name")).toHaveValue("Isabelle Gagnon");
  await expect(signatory.getByLabel("Signatory’s title")).toHaveValue("Directrice générale");
  await signatory.getByLabel("Signatory’s name").fill("");
  await signatory.getByRole("button", { name: "Save the signatory" }).click();
  await expect(signatory.getByText("Please enter the signatory’s name")).toBeVisible();
  await expectAccessible(page);

  await codes.getByRole("button", { name: `Show the QR code for ${code}` }).click();
  const dialog = page.getByRole("dialog", { name: `Code ${code}` });
  const image = dialog.getByRole("img", { name: `QR code that opens the workplace well-being area with the code ${code}` });
  await expect(image).toBeVisible();
  await expectAccessible(page);
  const link = decodeQrPng(await image.screenshot());
  expect(link).toMatch(new RegExp(`/workplace-wellbeing\\?code=${code}$`));
  await expect(dialog.locator("code")).toHaveText(link!);

  // An employee opens it: signed out first, then signed in, the dialog opens with the code in it.
  const employee = await confirmedUser(request);
  const context = await browser.newContext();
  const phone = await context.newPage();
  await phone.addInitScript(() => localStorage.setItem("kindly.language", "en"));
  await phone.goto(new URL(link!).pathname + new URL(link!).search);
  await phone.getByRole("link", { name: "Sign in" }).click();
  await new AuthPageObject(phone).signIn(employee.email, employee.password);
  const unlock = phone.getByRole("dialog", { name: "Unlock workplace well-being" });
  await expect(unlock.getByLabel("Employer code")).toHaveValue(code);
  await unlock.getByRole("button", { name: "Unlock access" }).click();
  await expect(phone.getByText(`Tools for a healthy, respectful workplace, offered by ${employer}.`)).toBeVisible();
  await context.close();
});

test("the area's landing looks as designed on a phone, in English and French", async ({ page, request }) => {
  const user = await confirmedUser(request);
  expect((await page.request.post("/api/auth/sign-in", { data: { email: user.email, password: user.password } })).status()).toBe(200);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  const { code } = await new WorkplacePageObject(page).demoCode();
  expect((await page.request.post("/api/workplace/access", { data: { code } })).status()).toBe(200);
  await page.goto("/workplace-wellbeing");
  for (const [language, messages] of [
    ["en", en],
    ["fr", fr],
  ] as const) {
    await page.evaluate((lang) => localStorage.setItem("kindly.language", lang), language);
    await page.goto("/workplace-wellbeing");
    const landing = page.getByRole("region", { name: messages.workplace.today.title });
    await expect(landing.getByRole("button", { name: messages.workplace.today.answerSurvey })).toBeVisible();
    await expect(landing.getByRole("progressbar")).toHaveCount(2);
    await expectAccessible(page);
    // The survey's closing day changes with the calendar: one fixed day, written the page's way.
    const fixedDay = new Intl.DateTimeFormat(language === "fr" ? "fr-CA" : "en-CA", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date("2026-11-14T12:00:00Z"),
    );
    const closing = landing.getByText(messages.workplace.today.surveyOpen.split("{{date}}")[0]!);
    await closing.evaluate(
      (element, text) => (element.textContent = text),
      messages.workplace.today.surveyOpen.replace("{{date}}", fixedDay),
    );
    await expect(landing).toHaveScreenshot(`landing-${language}.png`, { stylePath: BOTTOM_BAR_HIDDEN });
  }
});

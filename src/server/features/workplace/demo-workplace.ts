import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { PDFDocument, PageSizes } from "pdf-lib";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { DemoWorkplace } from "../../../shared/schemas/system.js";
import type { DB } from "../../platform/db/schema.js";
import { paragraph, ROSE } from "../../platform/pdf/pdf-drawing.js";
import { PdfText } from "../../platform/pdf/pdf-fonts.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { setCertificateSignatory } from "../organizations/index.js";
import { insertSurvey } from "./climate-survey-repository.js";
import { insertActionItem, insertMeeting, insertMember } from "./committee-repository.js";
import { insertPolicy } from "./policies-repository.js";
import { generateAccessCode } from "./workplace-access-service.js";
import { currentSurveyPeriod } from "../../../shared/workplace/survey-schedule.js";
import { DEMO_LANGUAGE_OF_COUNTRY, localeOf } from "../../../shared/i18n/languages.js";

const DEMO_SIGNATORY = { name: "Isabelle Gagnon", title: "Directrice générale" };

const POLICY_TEXT = [
  "Politique de prévention du harcèlement psychologique et sexuel au travail",
  "1. Objet. Café Bienveillance s’engage à offrir un milieu de travail exempt de harcèlement psychologique et sexuel, conformément à la Loi sur les normes du travail et à la Loi sur la santé et la sécurité du travail.",
  "2. Portée. La politique vise toutes les personnes du milieu de travail : membres du personnel, gestionnaires, stagiaires, ainsi que les clients et fournisseurs dans leurs rapports avec le personnel.",
  "3. Plainte. Toute personne peut signaler une situation à la coordonnatrice des ressources humaines ou à un membre du comité de santé et de sécurité, de vive voix ou par écrit.",
  "4. Traitement. Chaque plainte est traitée avec diligence et en toute confidentialité; personne ne subit de représailles pour un signalement fait de bonne foi.",
  "5. Formation. Tout le personnel suit la formation de prévention offerte dans l’espace Bien-être au travail de Kindly, et la politique est revue chaque année.",
];

async function demoPolicyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(POLICY_TEXT[0]!);
  // The demo employer is in Québec: its policy is written in French.
  pdf.setLanguage(localeOf(DEMO_LANGUAGE_OF_COUNTRY.CA!));
  const text = PdfText.for(pdf);
  const page = pdf.addPage(PageSizes.Letter);
  let y = page.getHeight() - 72;
  y = (await paragraph(page, text, "bold", POLICY_TEXT[0]!, 60, y, page.getWidth() - 120, 16, ROSE)) - 12;
  for (const line of POLICY_TEXT.slice(1)) y = (await paragraph(page, text, "regular", line, 60, y, page.getWidth() - 120, 11)) - 8;
  return Buffer.from(await pdf.save());
}

/**
 * The demo employer (the workplace area's part of the demo data, which
 * features/demo asks for): an access code a newcomer can type at once, an open
 * climate survey, a policy to read and a committee with its meetings and
 * initiatives, so every tab of the workplace area has something real.
 */
export async function seedDemoWorkplace(
  db: Kysely<DB>,
  storage: FileStorage,
  organization: { id: string; name: string },
  now: Date,
): Promise<DemoWorkplace> {
  const code = generateAccessCode();
  await db
    .insertInto("workplace_access_codes")
    .values({ id: randomUUID(), organization_id: organization.id, code, max_uses: 500 })
    .execute();
  const today = newYorkDay(now);
  // The period of the organisation's every-two-months rhythm that holds today, as an employer's own opening would be.
  const period = currentSurveyPeriod(today, today);
  await insertSurvey(db, {
    id: randomUUID(),
    organizationId: organization.id,
    periodStart: period.opens,
    periodEnd: period.closes,
    resultsShared: true,
  });
  // Its certificates are signed by someone, as an employer's settings would name them.
  await setCertificateSignatory(db, organization.id, DEMO_SIGNATORY);

  const policyId = randomUUID();
  const bytes = await demoPolicyPdf();
  await storage.put(`policies/${policyId}.pdf`, bytes, "application/pdf");
  await insertPolicy(db, {
    id: policyId,
    organizationId: organization.id,
    fileName: "Politique de prévention du harcèlement.pdf",
    storageKey: `policies/${policyId}.pdf`,
    size: bytes.length,
    uploadedBy: null,
  });

  const members = [
    ["Sophie Tremblay", "president", addDays(today, -400)],
    ["Karim Benali", "worker_representative", addDays(today, -200)],
    ["Julie Gagnon", "employer_representative", addDays(today, -200)],
  ] as const;
  for (const [name, role, electedDate] of members) {
    await insertMember(db, { id: randomUUID(), organizationId: organization.id, name, role, electedDate });
  }
  const meetings = [
    [
      "Réunion trimestrielle du comité",
      -30,
      "Pauses de 10 minutes protégées pendant les rushs du midi; sondage sur le climat de travail tous les deux mois.",
    ],
    ["Bilan de la période des fêtes", -90, "Horaires publiés deux semaines à l’avance."],
  ] as const;
  for (const [title, daysAgo, keyDecisions] of meetings) {
    await insertMeeting(db, { id: randomUUID(), organizationId: organization.id, title, date: addDays(today, daysAgo), keyDecisions });
  }
  const initiatives = [
    ["Former les chefs d’équipe à la reconnaissance au quotidien", "high", "in_progress", 30],
    ["Installer un coin repos dans l’arrière-boutique", "medium", "pending", 75],
  ] as const;
  for (const [title, priority, status, dueIn] of initiatives) {
    await insertActionItem(db, {
      id: randomUUID(),
      organizationId: organization.id,
      title,
      priority,
      status,
      dueDate: addDays(today, dueIn),
    });
  }
  return { code, employer: organization.name };
}

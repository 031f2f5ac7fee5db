import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { addDays, newYorkDay } from "../../../shared/acts/new-york-time.js";
import type { DemoWorkplace } from "../../../shared/schemas/system.js";
import type { DB } from "../../platform/db/schema.js";
import type { FileStorage } from "../../platform/storage/file-storage.js";
import { setCertificateSignatory } from "../organizations/index.js";
import { insertSurvey } from "./climate-survey-repository.js";
import { insertActionItem, insertMeeting, insertMember } from "./committee-repository.js";
import { insertPolicy } from "./policies-repository.js";
import { generateAccessCode } from "./workplace-access-service.js";
import { currentSurveyPeriod } from "../../../shared/workplace/survey-schedule.js";

const DEMO_SIGNATORY = { name: "Isabelle Gagnon", title: "Directrice générale" };

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
  // Its own module, loaded here: the PDF stack stays off the server's start.
  const { demoPolicyPdf } = await import("./demo-policy-pdf.js");
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

import type { Kysely } from "kysely";
import type { Language } from "../../../../shared/constants.js";
import type { DrawnAttempt, LearningGrade } from "../../../../shared/schemas/workplace.js";
import { MANAGER_QUIZ } from "../../../../shared/workplace/learning.js";
import type { ManagerTraining } from "../../../../shared/schemas/compliance.js";
import type { DB } from "../../../platform/db/schema.js";
import * as certificates from "../certificates-repository.js";
import { myCertificatePdf, validityOf } from "../certificates-service.js";
import { quizRows } from "../learning-repository.js";
import { startAttempt, submitAttempt } from "../learning-service.js";
import { iso } from "../iso-time.js";
import { requireComplianceAccess } from "./compliance-access.js";
import type { FileStorage } from "../../../platform/storage/file-storage.js";

export async function managerTraining(db: Kysely<DB>, userId: string, organizationId: string): Promise<ManagerTraining> {
  await requireComplianceAccess(db, userId, organizationId);
  const [result, certificate, trained] = await Promise.all([
    quizRows(db, userId, organizationId).then((rows) => rows.find((row) => row.quiz_id === MANAGER_QUIZ)),
    certificates.findCertificate(db, userId, organizationId, "manager"),
    certificates.countOfKind(db, organizationId, "manager"),
  ]);
  return {
    attempts: result?.attempts ?? 0,
    passedAt: iso(result?.passed_at),
    certificateCode: certificate?.code ?? null,
    ...validityOf(certificate, new Date()),
    trainedManagers: trained,
  };
}

/**
 * The manager's quiz is drawn and graded like the employees' (a pool per
 * topic, no key in any answer, a retry on other questions), for whoever may
 * open the organisation's compliance area.
 */
export async function startManagerAttempt(db: Kysely<DB>, userId: string, organizationId: string): Promise<DrawnAttempt> {
  await requireComplianceAccess(db, userId, organizationId);
  return startAttempt(db, { userId, organizationId }, MANAGER_QUIZ);
}

export async function submitManagerAttempt(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  attemptId: string,
  answers: number[],
): Promise<LearningGrade> {
  await requireComplianceAccess(db, userId, organizationId);
  return submitAttempt(db, { userId, organizationId }, MANAGER_QUIZ, attemptId, answers);
}

export async function managerCertificatePdf(
  deps: { db: Kysely<DB>; storage: FileStorage },
  appUrl: string,
  userId: string,
  organizationId: string,
  language: Language,
) {
  await requireComplianceAccess(deps.db, userId, organizationId);
  return myCertificatePdf(deps, appUrl, { userId, organizationId }, "manager", language);
}

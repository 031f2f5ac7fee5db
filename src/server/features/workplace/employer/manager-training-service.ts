import type { Kysely } from "kysely";
import type { Language } from "../../../../shared/constants.js";
import type { AttemptResult } from "../../../../shared/schemas/workplace.js";
import type { ManagerTraining } from "../../../../shared/schemas/compliance.js";
import type { DB } from "../../../platform/db/schema.js";
import { AppError } from "../../../kernel/app-error.js";
import { grade, MANAGER_ANSWERS } from "../answer-keys.js";
import * as certificates from "../certificates-repository.js";
import { myCertificatePdf } from "../certificates-service.js";
import { quizRows, recordQuizAttempt } from "../learning-repository.js";
import { issueCertificate } from "../learning-service.js";
import { iso } from "../iso-time.js";
import { requireComplianceAccess } from "./compliance-access.js";
import type { FileStorage } from "../../../platform/storage/file-storage.js";

export async function managerTraining(db: Kysely<DB>, userId: string, organizationId: string): Promise<ManagerTraining> {
  await requireComplianceAccess(db, userId, organizationId);
  const [result, certificate, trained] = await Promise.all([
    quizRows(db, userId, organizationId).then((rows) => rows.find((row) => row.quiz_id === "manager")),
    certificates.findCertificate(db, userId, organizationId, "manager"),
    certificates.countOfKind(db, organizationId, "manager"),
  ]);
  return {
    attempts: result?.attempts ?? 0,
    passedAt: iso(result?.passed_at),
    certificateCode: certificate?.code ?? null,
    trainedManagers: trained,
  };
}

/** Grades the manager quiz on the server: 5/5 issues the certificate, in the same transaction. */
export async function attemptManagerQuiz(
  db: Kysely<DB>,
  userId: string,
  organizationId: string,
  answers: number[],
): Promise<AttemptResult> {
  await requireComplianceAccess(db, userId, organizationId);
  return db.transaction().execute(async (trx) => {
    const result = grade(MANAGER_ANSWERS, answers);
    const recorded = await recordQuizAttempt(trx, {
      userId,
      organizationId,
      quizId: "manager",
      score: result.scorePercent,
      passed: result.passed,
    });
    if (recorded.alreadyPassed) throw new AppError("quiz_already_passed");
    const certificateCode = result.passed
      ? await issueCertificate(trx, { userId, organizationId }, "manager", {
          completedAt: recorded.passedAt ?? new Date(),
          score: result.scorePercent,
          attempts: recorded.attempts,
        })
      : null;
    return { ...result, attempts: recorded.attempts, certificateCode };
  });
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

import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { certificateCodeFrom } from "../../../shared/workplace/certificate-code.js";
import {
  isModuleUnlocked,
  QUIZ_IDS,
  TRAINING_MODULE_IDS,
  type CertificateKind,
  type QuizId,
  type TrainingModuleId,
} from "../../../shared/workplace/learning.js";
import type { AttemptResult, QuizzesState, TrainingProgress } from "../../../shared/schemas/workplace.js";
import type { DB } from "../../platform/db/schema.js";
import { AppError } from "../../http/app-error.js";
import { grade, MODULE_ANSWERS, QUIZ_ANSWERS } from "./answer-keys.js";
import * as certificates from "./certificates-repository.js";
import * as repo from "./learning-repository.js";
import { iso } from "./iso-time.js";
import type { Employee } from "./workplace-access-service.js";

/** Issues a certificate in the transaction that earned it (once: a later call keeps the first code). */
export async function issueCertificate(
  trx: Transaction<DB>,
  employee: Pick<Employee, "userId" | "organizationId">,
  kind: CertificateKind,
  facts: { completedAt: Date; score: number | null; attempts: number | null },
): Promise<string> {
  await certificates.insertCertificate(trx, {
    id: randomUUID(),
    code: certificateCodeFrom(randomBytes(11)),
    kind,
    userId: employee.userId,
    organizationId: employee.organizationId,
    ...facts,
  });
  const issued = await certificates.findCertificate(trx, employee.userId, employee.organizationId, kind);
  return issued!.code;
}

export async function trainingProgress(db: Kysely<DB>, employee: Employee): Promise<TrainingProgress> {
  const rows = new Map((await repo.trainingRows(db, employee.userId)).map((row) => [row.module_id, row]));
  const certificate = await certificates.findCertificate(db, employee.userId, employee.organizationId, "training");
  return {
    modules: TRAINING_MODULE_IDS.map((id) => {
      const row = rows.get(id);
      return {
        id,
        state: row?.passed ? "completed" : row ? "in_progress" : "not_started",
        score: row?.score ?? null,
        attempts: row?.attempts ?? 0,
        completedAt: row?.passed ? iso(row.completed_at) : null,
      };
    }),
    certificate: certificate
      ? {
          code: certificate.code,
          completedAt: iso(certificate.completed_at)!,
          employerName: certificate.employer_name,
          holder: certificate.holder_name,
        }
      : null,
  };
}

/**
 * Grades a module's quiz. Modules open in order, pass only at 100 % and are
 * not retaken once passed; the fifth pass issues the training certificate,
 * dated by the latest completion.
 */
export async function attemptModule(
  db: Kysely<DB>,
  employee: Employee,
  moduleId: TrainingModuleId,
  answers: number[],
): Promise<AttemptResult> {
  return db.transaction().execute(async (trx) => {
    await repo.lockTraining(trx, employee.userId);
    const rows = await repo.trainingRows(trx, employee.userId);
    const passed = new Set(rows.filter((row) => row.passed).map((row) => row.module_id));
    if (passed.has(moduleId)) throw new AppError("module_already_completed");
    if (!isModuleUnlocked(moduleId, passed)) throw new AppError("module_locked");
    const result = grade(MODULE_ANSWERS[moduleId], answers);
    const attempts = await repo.recordModuleAttempt(trx, {
      userId: employee.userId,
      moduleId,
      score: result.scorePercent,
      passed: result.passed,
    });
    let certificateCode: string | null = null;
    if (result.passed && passed.size === TRAINING_MODULE_IDS.length - 1) {
      certificateCode = await issueCertificate(trx, employee, "training", { completedAt: new Date(), score: 100, attempts: null });
    }
    return { ...result, attempts, certificateCode };
  });
}

export async function quizzesState(db: Kysely<DB>, employee: Employee): Promise<QuizzesState> {
  const rows = new Map((await repo.quizRows(db, employee.userId, employee.organizationId)).map((row) => [row.quiz_id, row]));
  const codes = new Map((await certificates.certificatesOf(db, employee.userId, employee.organizationId)).map((c) => [c.kind, c.code]));
  return {
    quizzes: QUIZ_IDS.map((id) => ({
      id,
      attempts: rows.get(id)?.attempts ?? 0,
      passedAt: iso(rows.get(id)?.passed_at),
      certificateCode: codes.get(id) ?? null,
    })),
  };
}

/**
 * Grades the policy or the harassment-prevention quiz: unlimited attempts,
 * each counted, until one scores 100 %. That one issues the certificate
 * (with its score and attempt count); for the policy quiz it is also the
 * employee's acknowledgment of the employer's policies.
 */
export async function attemptQuiz(db: Kysely<DB>, employee: Employee, quizId: QuizId, answers: number[]): Promise<AttemptResult> {
  const key = QUIZ_ANSWERS[quizId];
  if (answers.length !== key.length) throw new AppError("invalid_input", { field: "answers" });
  return db.transaction().execute(async (trx) => {
    const result = grade(key, answers);
    const recorded = await repo.recordQuizAttempt(trx, {
      userId: employee.userId,
      organizationId: employee.organizationId,
      quizId,
      score: result.scorePercent,
      passed: result.passed,
    });
    if (recorded.alreadyPassed) throw new AppError("quiz_already_passed");
    let certificateCode: string | null = null;
    if (result.passed) {
      if (quizId === "policy") {
        await repo.insertAcknowledgment(trx, { ...employee, score: result.scorePercent, attempts: recorded.attempts });
      }
      certificateCode = await issueCertificate(trx, employee, quizId, {
        completedAt: recorded.passedAt ?? new Date(),
        score: result.scorePercent,
        attempts: recorded.attempts,
      });
    }
    return { ...result, attempts: recorded.attempts, certificateCode };
  });
}

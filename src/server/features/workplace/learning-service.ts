import { randomBytes, randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { certificateCodeFrom } from "../../../shared/workplace/certificate-code.js";
import {
  isModuleUnlocked,
  isQuizSubject,
  MANAGER_QUIZ,
  QUIZ_IDS,
  TRAINING_MODULE_IDS,
  type CertificateKind,
  type LearningSubject,
  type QuizId,
  type TrainingModuleId,
} from "../../../shared/workplace/learning.js";
import type { DrawnAttempt, LearningGrade, QuizzesState, TrainingProgress } from "../../../shared/schemas/workplace.js";
import type { DB, DrawnQuestion } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { keyOf } from "./answer-keys.js";
import { drawAttempt, gradeDrawn } from "./learning-draw.js";
import * as certificates from "./certificates-repository.js";
import * as repo from "./learning-repository.js";
import { iso } from "./iso-time.js";
import type { Employee } from "./workplace-access-service.js";

/** Who takes an attempt: an employee, or a manager in the organisation whose compliance area they may open. */
export type Learner = Pick<Employee, "userId" | "organizationId">;

/** Issues a certificate in the transaction that earned it (once: a later call keeps the first code). */
export async function issueCertificate(
  trx: Transaction<DB>,
  employee: Learner,
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
 * Whether the person may start or submit an attempt at this subject: a
 * module opens once the one before it is passed and is not retaken once
 * passed; a quiz is taken until it is passed (`null` when allowed).
 */
async function refusal(trx: Transaction<DB>, employee: Learner, subject: LearningSubject): Promise<AppError | null> {
  if (isQuizSubject(subject)) {
    const row = (await repo.quizRows(trx, employee.userId, employee.organizationId)).find((r) => r.quiz_id === subject);
    return row?.passed_at ? new AppError("quiz_already_passed") : null;
  }
  const passed = new Set((await repo.trainingRows(trx, employee.userId)).filter((row) => row.passed).map((row) => row.module_id));
  if (passed.has(subject)) return new AppError("module_already_completed");
  if (!isModuleUnlocked(subject, passed)) return new AppError("module_locked");
  return null;
}

/**
 * Starts an attempt, or gives back the one still open (a reload does not
 * draw again, so nobody can redraw until the questions suit them). A new
 * attempt draws one question per topic, avoiding the previous attempt's.
 */
export async function startAttempt(db: Kysely<DB>, employee: Learner, subject: LearningSubject): Promise<DrawnAttempt> {
  return db.transaction().execute(async (trx) => {
    await repo.lockLearning(trx, employee.userId);
    const refused = await refusal(trx, employee, subject);
    if (refused) throw refused;
    const latest = await repo.latestAttempt(trx, employee.userId, subject);
    if (latest && !latest.graded_at) return shown(latest.id, latest.questions);
    const questions = drawAttempt(subject, new Set(latest?.questions.map((question) => question.id)));
    const id = randomUUID();
    await repo.insertAttempt(trx, { id, userId: employee.userId, subject, questions });
    return shown(id, questions);
  });
}

const shown = (attemptId: string, questions: DrawnQuestion[]): DrawnAttempt => ({
  attemptId,
  questions: questions.map((question) => ({ id: question.id, options: question.order })),
});

/**
 * Grades an attempt, once, against what it showed. A module's pass counts
 * towards the training (the fifth issues its certificate, dated by the
 * latest completion); a quiz's pass issues its certificate with its score and
 * attempt count, and for the policy quiz is the employee's acknowledgment of
 * the employer's policies (the manager's quiz is graded the same way, for
 * the manager certificate). Only 100 % passes.
 */
export async function submitAttempt(
  db: Kysely<DB>,
  employee: Learner,
  subject: LearningSubject,
  attemptId: string,
  answers: number[],
): Promise<LearningGrade> {
  return db.transaction().execute(async (trx) => {
    await repo.lockLearning(trx, employee.userId);
    const attempt = await repo.findAttempt(trx, attemptId, employee.userId, subject);
    if (!attempt) throw new AppError("not_found");
    if (attempt.graded_at) throw new AppError("attempt_already_graded");
    if (answers.length !== attempt.questions.length) throw new AppError("invalid_input", { field: "answers" });
    const refused = await refusal(trx, employee, subject);
    if (refused) throw refused;
    const grade = gradeDrawn(attempt.questions, keyOf(subject), answers);
    await repo.markGraded(trx, attemptId, grade.scorePercent);
    const recorded = isQuizSubject(subject)
      ? await recordQuiz(trx, employee, subject, grade)
      : await recordModule(trx, employee, subject, grade);
    return { ...grade, ...recorded };
  });
}

type Graded = ReturnType<typeof gradeDrawn>;

async function recordModule(trx: Transaction<DB>, employee: Learner, moduleId: TrainingModuleId, grade: Graded) {
  const attempts = await repo.recordModuleAttempt(trx, {
    userId: employee.userId,
    moduleId,
    score: grade.scorePercent,
    passed: grade.passed,
  });
  const passed = (await repo.trainingRows(trx, employee.userId)).filter((row) => row.passed).length;
  let certificateCode: string | null = null;
  if (grade.passed && passed === TRAINING_MODULE_IDS.length) {
    certificateCode = await issueCertificate(trx, employee, "training", { completedAt: new Date(), score: 100, attempts: null });
  }
  return { attempts, certificateCode };
}

async function recordQuiz(trx: Transaction<DB>, employee: Learner, quizId: QuizId | typeof MANAGER_QUIZ, grade: Graded) {
  const recorded = await repo.recordQuizAttempt(trx, {
    userId: employee.userId,
    organizationId: employee.organizationId,
    quizId,
    score: grade.scorePercent,
    passed: grade.passed,
  });
  let certificateCode: string | null = null;
  if (grade.passed) {
    if (quizId === "policy") {
      await repo.insertAcknowledgment(trx, { ...employee, score: grade.scorePercent, attempts: recorded.attempts });
    }
    certificateCode = await issueCertificate(trx, employee, quizId, {
      completedAt: recorded.passedAt ?? new Date(),
      score: grade.scorePercent,
      attempts: recorded.attempts,
    });
  }
  return { attempts: recorded.attempts, certificateCode };
}

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
  renewalOpensAt,
} from "../../../shared/workplace/learning.js";
import type { DrawnAttempt, LearningGrade, QuizzesState, TrainingProgress } from "../../../shared/schemas/workplace.js";
import type { DB, DrawnQuestion } from "../../platform/db/schema.js";
import { AppError } from "../../kernel/app-error.js";
import { keyOf } from "./answer-keys.js";
import { drawAttempt, gradeDrawn } from "./learning-draw.js";
import * as certificates from "./certificates-repository.js";
import { validityOf } from "./certificates-service.js";
import * as repo from "./learning-repository.js";
import { iso } from "./iso-time.js";
import type { Employee } from "./workplace-access-service.js";

/** Who takes an attempt: an employee, or a manager in the organisation whose compliance area they may open. */
export type Learner = Pick<Employee, "userId" | "organizationId">;

/**
 * Issues a certificate in the transaction that earned it, valid for the
 * months the employer gives its kind (once: a later call keeps the first
 * code). A renewal first marks the current version superseded by the new one.
 */
export async function issueCertificate(
  trx: Transaction<DB>,
  employee: Learner,
  kind: CertificateKind,
  facts: { completedAt: Date; score: number | null; attempts: number | null },
  renewing: { certificateId: string } | null = null,
): Promise<string> {
  const code = certificateCodeFrom(randomBytes(11));
  if (renewing) await certificates.supersedeForRenewal(trx, renewing.certificateId, code, facts.completedAt);
  await certificates.insertCertificate(trx, {
    id: randomUUID(),
    code,
    kind,
    userId: employee.userId,
    organizationId: employee.organizationId,
    ...facts,
    validityMonths: await certificates.validityMonths(trx, employee.organizationId, kind),
  });
  const issued = await certificates.findCertificate(trx, employee.userId, employee.organizationId, kind);
  return issued!.code;
}

/**
 * The current certificate of a kind when its renewal is open (due within
 * RENEWAL_NOTICE_DAYS, or expired), else null; `since`: when it was issued,
 * after which passes and tries count towards the renewal. (The pass that
 * earned it was recorded by the same transaction, at the very same `now()`.)
 */
async function openRenewal(trx: Transaction<DB> | Kysely<DB>, employee: Learner, kind: CertificateKind, now: Date) {
  const current = await certificates.findCertificate(trx, employee.userId, employee.organizationId, kind);
  if (!current?.expires_at || now < renewalOpensAt(new Date(current.expires_at))) return null;
  return { certificateId: current.id, since: current.issued_at };
}
type Renewal = Awaited<ReturnType<typeof openRenewal>>;

/** The certificate a subject earns: a quiz its own kind, every module the training's. */
const certificateKindOf = (subject: LearningSubject): CertificateKind => (isQuizSubject(subject) ? subject : "training");

export async function trainingProgress(db: Kysely<DB>, employee: Employee, now = new Date()): Promise<TrainingProgress> {
  const rows = new Map((await repo.trainingRows(db, employee.userId)).map((row) => [row.module_id, row]));
  const certificate = await certificates.findCertificate(db, employee.userId, employee.organizationId, "training");
  const renewal = await openRenewal(db, employee, "training", now);
  // While a renewal is open, a module passed for the current certificate is to be passed again.
  const passedNow = (row: { passed: boolean; completed_at: Date | string | null } | undefined) =>
    row?.passed === true && (!renewal || (row.completed_at !== null && new Date(row.completed_at) > renewal.since));
  return {
    modules: TRAINING_MODULE_IDS.map((id) => {
      const row = rows.get(id);
      return {
        id,
        state: passedNow(row) ? "completed" : row && !renewal ? "in_progress" : "not_started",
        score: row?.score ?? null,
        attempts: row?.attempts ?? 0,
        completedAt: passedNow(row) ? iso(row!.completed_at) : null,
      };
    }),
    certificate: certificate
      ? {
          code: certificate.code,
          completedAt: iso(certificate.completed_at)!,
          employerName: certificate.employer_name,
          holder: certificate.holder_name,
          ...validityOf(certificate, now),
        }
      : null,
  };
}

export async function quizzesState(db: Kysely<DB>, employee: Employee, now = new Date()): Promise<QuizzesState> {
  const rows = new Map((await repo.quizRows(db, employee.userId, employee.organizationId)).map((row) => [row.quiz_id, row]));
  const held = new Map((await certificates.certificatesOf(db, employee.userId, employee.organizationId)).map((c) => [c.kind, c]));
  return {
    quizzes: QUIZ_IDS.map((id) => ({
      id,
      attempts: rows.get(id)?.attempts ?? 0,
      passedAt: iso(rows.get(id)?.passed_at),
      certificateCode: held.get(id)?.code ?? null,
      ...validityOf(held.get(id), now),
    })),
  };
}

/**
 * Whether the person may start or submit an attempt at this subject: a
 * module opens once the one before it is passed and is not retaken once
 * passed; a quiz is taken until it is passed (`null` when allowed). Both
 * open again while their certificate's renewal is (openRenewal).
 */
async function refusal(trx: Transaction<DB>, employee: Learner, subject: LearningSubject, renewal: Renewal): Promise<AppError | null> {
  if (isQuizSubject(subject)) {
    const row = (await repo.quizRows(trx, employee.userId, employee.organizationId)).find((r) => r.quiz_id === subject);
    // Passed once; taken again only to renew a certificate that is due.
    if (!row?.passed_at || renewal) return null;
    return new AppError("quiz_already_passed");
  }
  const passed = await modulesPassed(trx, employee, renewal);
  if (passed.has(subject)) return new AppError("module_already_completed");
  if (!isModuleUnlocked(subject, passed)) return new AppError("module_locked");
  return null;
}

/** The modules that count as passed: all passed ones, or while the training's renewal is open, those passed again since. */
async function modulesPassed(trx: Transaction<DB>, employee: Learner, renewal: Renewal): Promise<Set<string>> {
  const rows = (await repo.trainingRows(trx, employee.userId)).filter(
    (row) => row.passed && (!renewal || (row.completed_at !== null && new Date(row.completed_at) > renewal.since)),
  );
  return new Set(rows.map((row) => row.module_id));
}

/**
 * Starts an attempt, or gives back the one still open (a reload does not
 * draw again, so nobody can redraw until the questions suit them). A new
 * attempt draws one question per topic, avoiding the previous attempt's.
 */
export async function startAttempt(db: Kysely<DB>, employee: Learner, subject: LearningSubject): Promise<DrawnAttempt> {
  return db.transaction().execute(async (trx) => {
    await repo.lockLearning(trx, employee.userId);
    const refused = await refusal(trx, employee, subject, await openRenewal(trx, employee, certificateKindOf(subject), new Date()));
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
    const now = new Date();
    // Read once: the refusal, the record and the certificate all follow the same renewal.
    const renewal = await openRenewal(trx, employee, certificateKindOf(subject), now);
    const refused = await refusal(trx, employee, subject, renewal);
    if (refused) throw refused;
    const grade = gradeDrawn(attempt.questions, keyOf(subject), answers);
    await repo.markGraded(trx, attemptId, grade.scorePercent);
    const recorded = isQuizSubject(subject)
      ? await recordQuiz(trx, employee, subject, grade, now, renewal)
      : await recordModule(trx, employee, subject, grade, now, renewal);
    return { ...grade, ...recorded };
  });
}

type Graded = ReturnType<typeof gradeDrawn>;

async function recordModule(
  trx: Transaction<DB>,
  employee: Learner,
  moduleId: TrainingModuleId,
  grade: Graded,
  now: Date,
  renewal: Renewal,
) {
  const attempts = await repo.recordModuleAttempt(trx, {
    userId: employee.userId,
    moduleId,
    score: grade.scorePercent,
    passed: grade.passed,
  });
  let certificateCode: string | null = null;
  // The fifth module passed (again since the current certificate, for a renewal) earns the certificate.
  if (grade.passed && (await modulesPassed(trx, employee, renewal)).size === TRAINING_MODULE_IDS.length) {
    certificateCode = await issueCertificate(trx, employee, "training", { completedAt: now, score: 100, attempts: null }, renewal);
  }
  return { attempts, certificateCode };
}

async function recordQuiz(
  trx: Transaction<DB>,
  employee: Learner,
  quizId: QuizId | typeof MANAGER_QUIZ,
  grade: Graded,
  now: Date,
  renewal: Renewal,
) {
  const recorded = await repo.recordQuizAttempt(trx, {
    userId: employee.userId,
    organizationId: employee.organizationId,
    quizId,
    score: grade.scorePercent,
    passed: grade.passed,
    renewing: renewal !== null,
  });
  let certificateCode: string | null = null;
  if (grade.passed) {
    if (quizId === "policy") {
      await repo.insertAcknowledgment(trx, { ...employee, score: grade.scorePercent, attempts: recorded.attempts });
    }
    certificateCode = await issueCertificate(
      trx,
      employee,
      quizId,
      {
        completedAt: renewal ? now : (recorded.passedAt ?? now),
        score: grade.scorePercent,
        // A renewal's certificate counts the tries since the current one was earned.
        attempts: renewal ? await repo.gradedAttemptsAfter(trx, employee.userId, quizId, renewal.certificateId) : recorded.attempts,
      },
      renewal,
    );
  }
  return { attempts: recorded.attempts, certificateCode };
}

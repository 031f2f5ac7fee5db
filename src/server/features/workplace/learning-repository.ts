import { sql, type Kysely, type Transaction } from "kysely";
import type { DB, DrawnQuestion } from "../../platform/db/schema.js";
import type { QuizId } from "../../../shared/workplace/learning.js";

type Reader = Kysely<DB> | Transaction<DB>;

export async function trainingRows(db: Reader, userId: string) {
  return db
    .selectFrom("training_completions")
    .select(["module_id", "attempts", "score", "passed", "completed_at"])
    .where("user_id", "=", userId)
    .execute();
}

/** Locks the person's learning (attempts, modules, quizzes), so two requests at once are handled one after the other. */
export async function lockLearning(trx: Transaction<DB>, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('training:' || ${userId}))`.execute(trx);
}

/** The person's latest attempt at a subject, graded or not. */
export async function latestAttempt(trx: Transaction<DB>, userId: string, subject: string) {
  return trx
    .selectFrom("learning_attempts")
    .select(["id", "questions", "graded_at"])
    .where("user_id", "=", userId)
    .where("subject", "=", subject)
    .orderBy("started_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

export async function insertAttempt(
  trx: Transaction<DB>,
  values: { id: string; userId: string; subject: string; questions: DrawnQuestion[] },
): Promise<void> {
  await trx
    .insertInto("learning_attempts")
    .values({ id: values.id, user_id: values.userId, subject: values.subject, questions: JSON.stringify(values.questions) })
    .execute();
}

export async function findAttempt(trx: Transaction<DB>, id: string, userId: string, subject: string) {
  return trx
    .selectFrom("learning_attempts")
    .select(["questions", "graded_at"])
    .where("id", "=", id)
    .where("user_id", "=", userId)
    .where("subject", "=", subject)
    .executeTakeFirst();
}

export async function markGraded(trx: Transaction<DB>, id: string, score: number): Promise<void> {
  await trx
    .updateTable("learning_attempts")
    .set({ graded_at: sql<Date>`now()`, score })
    .where("id", "=", id)
    .execute();
}

export async function recordModuleAttempt(
  trx: Transaction<DB>,
  values: { userId: string; moduleId: string; score: number; passed: boolean },
): Promise<number> {
  const row = await trx
    .insertInto("training_completions")
    .values({
      user_id: values.userId,
      module_id: values.moduleId,
      attempts: 1,
      score: values.score,
      passed: values.passed,
      completed_at: values.passed ? sql<Date>`now()` : null,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "module_id"]).doUpdateSet({
        attempts: sql`training_completions.attempts + 1`,
        score: values.score,
        passed: values.passed,
        completed_at: values.passed ? sql<Date>`now()` : null,
      }),
    )
    .returning("attempts")
    .executeTakeFirstOrThrow();
  return row.attempts;
}

export async function quizRows(db: Reader, userId: string, organizationId: string) {
  return db
    .selectFrom("quiz_results")
    .select(["quiz_id", "attempts", "score", "passed_at"])
    .where("user_id", "=", userId)
    .where("organization_id", "=", organizationId)
    .execute();
}

/** Counts an attempt, and marks the quiz passed when it is; the row is locked until commit. */
export async function recordQuizAttempt(
  trx: Transaction<DB>,
  values: { userId: string; organizationId: string; quizId: QuizId | "manager"; score: number; passed: boolean; renewing?: boolean },
): Promise<{ attempts: number; passedAt: Date | null; alreadyPassed: boolean }> {
  const before = await trx
    .selectFrom("quiz_results")
    .select("passed_at")
    .where("user_id", "=", values.userId)
    .where("organization_id", "=", values.organizationId)
    .where("quiz_id", "=", values.quizId)
    .forUpdate()
    .executeTakeFirst();
  if (before?.passed_at && !values.renewing) return { attempts: 0, passedAt: before.passed_at, alreadyPassed: true };
  const row = await trx
    .insertInto("quiz_results")
    .values({
      user_id: values.userId,
      organization_id: values.organizationId,
      quiz_id: values.quizId,
      attempts: 1,
      score: values.score,
      passed_at: values.passed ? sql<Date>`now()` : null,
    })
    .onConflict((oc) =>
      oc.columns(["user_id", "organization_id", "quiz_id"]).doUpdateSet({
        attempts: sql`quiz_results.attempts + 1`,
        score: values.score,
        // A renewal's miss leaves the first pass standing: the certificate it earned holds until it expires.
        passed_at: values.passed ? sql<Date>`now()` : values.renewing ? sql<Date>`quiz_results.passed_at` : null,
      }),
    )
    .returning(["attempts", "passed_at"])
    .executeTakeFirstOrThrow();
  return { attempts: row.attempts, passedAt: row.passed_at, alreadyPassed: false };
}

export async function insertAcknowledgment(
  trx: Transaction<DB>,
  values: { userId: string; organizationId: string; score: number; attempts: number },
): Promise<void> {
  await trx
    .insertInto("policy_acknowledgments")
    .values({ user_id: values.userId, organization_id: values.organizationId, quiz_score: values.score, attempts: values.attempts })
    .onConflict((oc) => oc.columns(["user_id", "organization_id"]).doNothing())
    .execute();
}

/**
 * How many attempts at a subject were graded after a certificate was issued
 * (a renewal's tries). Compared in the database: the pass that earned it has
 * the certificate's own `now()`, to the microsecond.
 */
export async function gradedAttemptsAfter(trx: Transaction<DB>, userId: string, subject: string, certificateId: string): Promise<number> {
  const row = await trx
    .selectFrom("learning_attempts")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("subject", "=", subject)
    .where("graded_at", ">", (eb) => eb.selectFrom("certificates").select("issued_at").where("id", "=", certificateId))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

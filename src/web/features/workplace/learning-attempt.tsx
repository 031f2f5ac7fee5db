import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { DrawnAttempt, LearningGrade } from "../../../shared/schemas/workplace.js";
import type { LearningSubject } from "../../../shared/workplace/learning.js";
import { LoadingState } from "../../components/ui/card.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { QuestionStepper } from "../../components/ui/question-stepper.js";
import { showApiError } from "../../lib/api-errors.js";
import { useStartAttempt, useSubmitAttempt, type LearningEndpoint } from "./api/workplace.js";
import { drawnQuestions, topicOf } from "./learning-content.js";

/**
 * One attempt at a module's or a quiz's questions. The server draws them when
 * the attempt starts (a retry is a new mount, so a new draw) and grades the
 * answers once; the right options never reach the browser. The endpoint
 * says where: an employee's module or quiz, or a manager's training.
 */
export function LearningAttempt({
  subject,
  endpoint,
  onGraded,
}: {
  subject: LearningSubject;
  endpoint: LearningEndpoint;
  onGraded: (grade: LearningGrade, attempt: DrawnAttempt) => void;
}) {
  const { t } = useTranslation();
  const start = useStartAttempt(endpoint);
  const submit = useSubmitAttempt(endpoint);
  const [attempt, setAttempt] = useState<DrawnAttempt | null>(null);
  const draw = start.mutate;

  useEffect(() => draw(undefined, { onSuccess: setAttempt }), [draw]);

  if (start.isError) return <LoadFailed onRetry={() => draw(undefined, { onSuccess: setAttempt })} />;
  if (!attempt) return <LoadingState label={t("workplace.quiz.drawing")} />;

  const send = async (answers: number[]) => {
    try {
      onGraded(await submit.mutateAsync({ attemptId: attempt.attemptId, answers }), attempt);
    } catch (error) {
      showApiError(error, { fallback: t("workplace.training.saveFailed") });
    }
  };
  return (
    <QuestionStepper
      questions={drawnQuestions(t, subject, attempt)}
      submitting={submit.isPending}
      onSubmit={(answers) => void send(answers)}
      progressLabel={(current, total) => t("workplace.quiz.question", { current, total })}
      submitLabel={t("workplace.quiz.submit")}
    />
  );
}

/**
 * A graded attempt, question by question: right or not and, for a miss, the
 * idea it tested and what to remember about it, but not which option was
 * right: the next attempt asks other questions on the same ideas.
 */
export function LearningReview({ subject, grade, attempt }: { subject: LearningSubject; grade: LearningGrade; attempt: DrawnAttempt }) {
  const { t } = useTranslation();
  const questions = drawnQuestions(t, subject, attempt);
  return (
    <div className="space-y-3">
      <p className="font-semibold">
        {t("workplace.quiz.score", { correct: grade.correct, total: grade.total, percent: grade.scorePercent })}
      </p>
      <ol className="space-y-2">
        {grade.results.map((result, i) => {
          const topic = topicOf(t, subject, result.questionId);
          return (
            <li
              key={result.questionId}
              className={`rounded-lg border p-3 text-sm ${result.right ? "border-emerald-200 bg-emerald-50" : "border-amber-200 bg-amber-50"}`}
            >
              <p className="flex items-start gap-2 font-semibold">
                {result.right ? (
                  <CheckCircle2 size={16} className="mt-0.5 shrink-0 text-emerald-700" aria-hidden />
                ) : (
                  <XCircle size={16} className="mt-0.5 shrink-0 text-amber-700" aria-hidden />
                )}
                <span>
                  {result.right ? t("workplace.quiz.right") : t("workplace.quiz.wrong")} — {questions[i]!.text}
                </span>
              </p>
              {!result.right && (
                <>
                  <p className="mt-1 font-semibold">{t("workplace.quiz.missedTopic", { topic: topic.name })}</p>
                  <p className="mt-1 text-slate-700">{topic.explanation}</p>
                </>
              )}
            </li>
          );
        })}
      </ol>
      {!grade.passed && <p className="text-sm text-slate-700">{t("workplace.quiz.noKey")}</p>}
    </div>
  );
}

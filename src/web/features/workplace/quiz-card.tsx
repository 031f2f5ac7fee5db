import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { AttemptResult } from "../../../shared/schemas/workplace.js";
import type { QuizId } from "../../../shared/workplace/learning.js";
import { Button, buttonClass } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { showApiError } from "../../lib/api-errors.js";
import { certificateUrl, useQuizAttempt } from "./api/workplace.js";
import { AttemptReview } from "../../components/ui/attempt-review.js";
import { quizContent } from "./learning-content.js";
import { QuestionStepper } from "../../components/ui/question-stepper.js";

/**
 * The policy or harassment-prevention quiz: overview, questions, results.
 * Only 100 % passes; retries are unlimited and each is counted by the
 * server, whose count the certificate prints.
 */
export function QuizCard({ quizId, state }: { quizId: QuizId; state: { attempts: number; certificateCode: string | null } }) {
  const { t } = useTranslation();
  const content = quizContent(t, quizId);
  const attempt = useQuizAttempt(quizId);
  const [stage, setStage] = useState<"overview" | "questions" | "result">("overview");
  const [result, setResult] = useState<AttemptResult | null>(null);
  const headingId = `quiz-${quizId}`;

  const submit = async (answers: number[]) => {
    try {
      const graded = await attempt.mutateAsync(answers);
      setResult(graded);
      setStage("result");
      if (graded.passed) toast.success(t("workplace.quiz.passedToast"));
      else toast.error(t("workplace.quiz.incompleteToast", { percent: graded.scorePercent }));
    } catch (error) {
      showApiError(error);
    }
  };

  const certificate = state.certificateCode && (
    <div className="space-y-2">
      <p role="status" className="font-semibold text-emerald-700">
        {t("workplace.quiz.passed")} · {t("workplace.quiz.attempts", { count: result?.attempts ?? state.attempts })}
      </p>
      <p className="font-mono text-sm">{t("workplace.quiz.verificationCode", { code: state.certificateCode })}</p>
      <a className={buttonClass()} href={certificateUrl(quizId)} download>
        {t("workplace.quiz.downloadCertificate")}
        <span className="sr-only"> — {content.title}</span>
      </a>
    </div>
  );

  return (
    <Card className="space-y-3" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-lg font-bold">
        {content.title}
      </h3>
      {stage === "result" && result && (
        <>
          {!result.passed && (
            <p role="status" className="font-semibold text-amber-800">
              {t("workplace.quiz.failedTitle")} · {t("workplace.quiz.attempts", { count: result.attempts })}
            </p>
          )}
          <AttemptReview result={result} questions={content.questions} explanations={content.explanations} />
          {!result.passed && <Button onClick={() => setStage("questions")}>{t("workplace.quiz.retry")}</Button>}
        </>
      )}
      {stage === "questions" && (
        <QuestionStepper
          questions={content.questions}
          submitting={attempt.isPending}
          onSubmit={(answers) => void submit(answers)}
          progressLabel={(current, total) => t("workplace.quiz.question", { current, total })}
          submitLabel={t("workplace.quiz.submit")}
        />
      )}
      {stage === "overview" && !state.certificateCode && (
        <>
          <p className="text-slate-700">{content.intro}</p>
          {state.attempts > 0 && <p className="text-sm text-slate-600">{t("workplace.quiz.attempts", { count: state.attempts })}</p>}
          <Button onClick={() => setStage("questions")}>{t("workplace.quiz.start")}</Button>
        </>
      )}
      {stage !== "questions" && certificate}
    </Card>
  );
}

import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CertificateDownload } from "../legal-name.js";
import { toast } from "sonner";
import type { AttemptResult } from "../../../../shared/schemas/workplace.js";
import { MANAGER_QUIZ_OPTIONS } from "../../../../shared/workplace/compliance-rules.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { showApiError } from "../../../lib/api-errors.js";
import { formatDay } from "../../../lib/format-day.js";
import { AttemptReview } from "../../../components/ui/attempt-review.js";
import { QuestionStepper, type StepQuestion } from "../../../components/ui/question-stepper.js";
import { managerCertificateUrl, useManagerAttempt, useManagerTraining } from "./api/compliance.js";
import { QueryState } from "./query-state.js";

/** The reading's paragraphs in the message files: p1…p6. */
const READING_PARAGRAPHS = 6;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
// Keys built from numbers: the answer-keys test checks q1…q5 and their options exist in both languages.
const tk = (t: TFunction, key: string) => t(key as never) as string;

function managerQuiz(t: TFunction) {
  const base = "employer.managerTraining.quiz";
  return {
    questions: MANAGER_QUIZ_OPTIONS.map((count, i): StepQuestion => ({
      text: tk(t, `${base}.q${i + 1}.question`),
      options: range(count).map((o) => tk(t, `${base}.q${i + 1}.o${o}`)),
    })),
    explanations: MANAGER_QUIZ_OPTIONS.map((_, i) => tk(t, `${base}.q${i + 1}.explanation`)),
  };
}

/** Manager training: about four minutes of reading, a five-question quiz, 5/5 for a PDF certificate. */
export function ManagerTrainingSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const training = useManagerTraining(organizationId);
  const attempt = useManagerAttempt(organizationId);
  const [stage, setStage] = useState<"reading" | "quiz" | "result">("reading");
  const [result, setResult] = useState<AttemptResult | null>(null);
  const quiz = managerQuiz(t);

  const submit = async (answers: number[]) => {
    try {
      const graded = await attempt.mutateAsync(answers);
      setResult(graded);
      setStage("result");
      if (graded.passed)
        toast.success(t("employer.managerTraining.passedTitle"), { description: t("employer.managerTraining.passedText") });
      else
        toast.error(t("employer.managerTraining.score", { correct: graded.correct }), {
          description: t("employer.managerTraining.failedText"),
        });
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <QueryState query={training}>
      {(state) => (
        <div className="space-y-4">
          <Card className="space-y-3">
            <h3 className="font-bold">{t("employer.managerTraining.title")}</h3>
            <p className="text-sm text-slate-600">{t("employer.managerTraining.readingTime")}</p>
            {range(READING_PARAGRAPHS).map((n) => (
              <p key={n} className="text-slate-800">
                {tk(t, `employer.managerTraining.reading.p${n}`)}
              </p>
            ))}
            <p className="text-sm text-slate-600">{t("employer.managerTraining.trained", { count: state.trainedManagers })}</p>
          </Card>
          <Card className="space-y-3">
            <h3 className="font-bold">{t("employer.managerTraining.quizTitle")}</h3>
            {state.certificateCode ? (
              <div className="space-y-2">
                <p role="status" className="font-semibold text-emerald-700">
                  {t("employer.managerTraining.passedTitle")} {t("employer.managerTraining.passedText")}
                </p>
                {state.passedAt && (
                  <p className="text-sm text-slate-700">
                    {t("employer.managerTraining.passedOn", { date: formatDay(state.passedAt, i18n.language, "medium") })}
                  </p>
                )}
                <p className="font-mono text-sm">{t("workplace.quiz.verificationCode", { code: state.certificateCode })}</p>
                <CertificateDownload href={managerCertificateUrl(organizationId)} label={t("employer.managerTraining.certificate")} />
                {result && <AttemptReview result={result} questions={quiz.questions} explanations={quiz.explanations} />}
              </div>
            ) : stage === "quiz" ? (
              <QuestionStepper
                questions={quiz.questions}
                submitting={attempt.isPending}
                onSubmit={(answers) => void submit(answers)}
                progressLabel={(current, total) => t("workplace.quiz.question", { current, total })}
                submitLabel={t("workplace.quiz.submit")}
              />
            ) : (
              <>
                {stage === "result" && result && (
                  <>
                    <p role="status" className="font-semibold text-amber-800">
                      {t("employer.managerTraining.score", { correct: result.correct })} {t("employer.managerTraining.failedText")}
                    </p>
                    <AttemptReview result={result} questions={quiz.questions} explanations={quiz.explanations} />
                  </>
                )}
                <p className="text-slate-700">{t("employer.managerTraining.quizIntro")}</p>
                {state.attempts > 0 && <p className="text-sm text-slate-600">{t("workplace.quiz.attempts", { count: state.attempts })}</p>}
                <Button onClick={() => setStage("quiz")}>
                  {stage === "result" ? t("workplace.quiz.retry") : t("employer.managerTraining.start")}
                </Button>
              </>
            )}
          </Card>
        </div>
      )}
    </QueryState>
  );
}

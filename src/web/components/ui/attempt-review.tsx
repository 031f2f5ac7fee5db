import { CheckCircle2, XCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { AttemptResult } from "../../../shared/schemas/workplace.js";
import type { StepQuestion } from "./question-stepper.js";

/** A graded attempt, question by question: right or not, the right answer and why. */
export function AttemptReview({
  result,
  questions,
  explanations,
}: {
  result: AttemptResult;
  questions: StepQuestion[];
  explanations: string[];
}) {
  const { t } = useTranslation();
  return (
    <div className="space-y-3">
      <p className="font-semibold">
        {t("workplace.quiz.score", { correct: result.correct, total: result.total, percent: result.scorePercent })}
      </p>
      <ol className="space-y-2">
        {result.answers.map((answer, i) => (
          <li
            key={i}
            className={`rounded-lg border p-3 text-sm ${answer.right ? "border-emerald-200 bg-emerald-50" : "border-amber-200 bg-amber-50"}`}
          >
            <p className="flex items-center gap-2 font-semibold">
              {answer.right ? (
                <CheckCircle2 size={16} className="text-emerald-700" aria-hidden />
              ) : (
                <XCircle size={16} className="text-amber-700" aria-hidden />
              )}
              {answer.right ? t("workplace.quiz.right") : t("workplace.quiz.wrong")} — {questions[i]!.text}
            </p>
            {!answer.right && (
              <p className="mt-1">{t("workplace.quiz.correctAnswer", { answer: questions[i]!.options[answer.correctIndex] })}</p>
            )}
            <p className="mt-1 text-slate-700">{explanations[i]}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

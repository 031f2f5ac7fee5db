import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { AttemptResult } from "../../../shared/schemas/workplace.js";
import type { TrainingModuleId } from "../../../shared/workplace/learning.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { showApiError } from "../../lib/api-errors.js";
import { useModuleAttempt } from "./api/workplace.js";
import { AttemptReview } from "../../components/ui/attempt-review.js";
import { moduleContent } from "./learning-content.js";
import { QuestionStepper } from "../../components/ui/question-stepper.js";

/** One module: the reading, then its quiz (not once completed); 100 % completes it. */
export function TrainingModule({ moduleId, completed, onClose }: { moduleId: TrainingModuleId; completed: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const content = moduleContent(t, moduleId);
  const attempt = useModuleAttempt();
  const [stage, setStage] = useState<"reading" | "quiz" | "result">("reading");
  const [result, setResult] = useState<AttemptResult | null>(null);
  // A new key on retry gives the stepper fresh, empty answers.
  const [round, setRound] = useState(0);

  const submit = async (answers: number[]) => {
    try {
      const graded = await attempt.mutateAsync({ moduleId, answers });
      setResult(graded);
      setStage("result");
      if (graded.passed) {
        toast.success(t("workplace.training.pass"), { description: t("workplace.training.saved") });
      } else {
        toast.error(t("workplace.training.fail"), { description: t("workplace.training.failText") });
      }
    } catch (error) {
      showApiError(error, { fallback: t("workplace.training.saveFailed") });
    }
  };

  return (
    <Card className="space-y-4">
      <Button variant="ghost" onClick={onClose}>
        ← {t("workplace.training.backToModules")}
      </Button>
      <h2 className="text-xl font-bold">{content.title}</h2>
      {stage === "reading" && (
        <>
          <div className="space-y-3 text-slate-800">
            {content.paragraphs.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          {!completed && <Button onClick={() => setStage("quiz")}>{t("workplace.training.takeQuiz")}</Button>}
        </>
      )}
      {stage === "quiz" && (
        <QuestionStepper
          key={round}
          questions={content.questions}
          submitting={attempt.isPending}
          onSubmit={(answers) => void submit(answers)}
          progressLabel={(current, total) => t("workplace.quiz.question", { current, total })}
          submitLabel={t("workplace.quiz.submit")}
        />
      )}
      {stage === "result" && result && (
        <div className="space-y-4">
          <p role="status" className={`text-lg font-bold ${result.passed ? "text-emerald-700" : "text-amber-800"}`}>
            {result.passed ? t("workplace.training.pass") : `${t("workplace.training.fail")}. ${t("workplace.training.failText")}`}
          </p>
          <AttemptReview result={result} questions={content.questions} explanations={content.explanations} />
          {result.passed ? (
            <Button onClick={onClose}>{t("workplace.training.backToModules")}</Button>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setStage("reading")}>
                {t("workplace.training.reviewMaterial")}
              </Button>
              <Button
                onClick={() => {
                  setRound((r) => r + 1);
                  setStage("quiz");
                }}
              >
                {t("workplace.training.retry")}
              </Button>
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

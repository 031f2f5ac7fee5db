import { Clock } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DrawnAttempt, LearningGrade } from "../../../shared/schemas/workplace.js";
import { MODULE_MINUTES, type TrainingModuleId } from "../../../shared/workplace/learning.js";
import { Button } from "../../components/ui/button.js";
import { useFocusOnChange } from "../../lib/use-focus-on-change.js";
import { Card } from "../../components/ui/card.js";
import { learningEndpoint } from "./api/workplace.js";
import { LearningAttempt, LearningReview } from "./learning-attempt.js";
import { moduleContent } from "./learning-content.js";
import { ModuleIllustration } from "./module-illustration.js";

/**
 * One module: what it teaches and how long it takes, the reading with its
 * illustration and a workplace scenario, then its quiz (not once completed),
 * drawn anew on every try; 100 % completes it.
 */
export function TrainingModule({
  moduleId,
  completed,
  next,
  onOpen,
  onClose,
}: {
  moduleId: TrainingModuleId;
  completed: boolean;
  /** The module after this one, opened from the result once this one is passed (null after the last). */
  next: TrainingModuleId | null;
  onOpen: (module: TrainingModuleId) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const content = moduleContent(t, moduleId);
  const [stage, setStage] = useState<"reading" | "quiz" | "result">("reading");
  // Each stage (reading, questions, result) starts at the module's title: the button pressed is gone.
  const heading = useFocusOnChange<HTMLHeadingElement>(stage);
  const [graded, setGraded] = useState<{ grade: LearningGrade; attempt: DrawnAttempt } | null>(null);
  // A new key on retry mounts a new attempt: the server draws other questions.
  const [round, setRound] = useState(0);

  // The result speaks on the page (a status that stays), not in a toast that would repeat it over the buttons.
  const onGraded = (grade: LearningGrade, attempt: DrawnAttempt) => {
    setGraded({ grade, attempt });
    setStage("result");
  };

  return (
    <Card className="space-y-4">
      <Button variant="ghost" onClick={onClose}>
        ← {t("workplace.training.backToModules")}
      </Button>
      <h2 ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
        {content.title}
      </h2>
      {stage === "reading" && (
        <>
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <Clock size={16} aria-hidden /> {t("workplace.training.readingTime", { minutes: MODULE_MINUTES })}
          </p>
          <section aria-labelledby={`${moduleId}-outcomes`} className="rounded-xl bg-slate-50 p-4">
            <h3 id={`${moduleId}-outcomes`} className="font-semibold">
              {t("workplace.training.outcomes")}
            </h3>
            <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
              {content.outcomes.map((outcome) => (
                <li key={outcome}>{outcome}</li>
              ))}
            </ul>
          </section>
          <ModuleIllustration moduleId={moduleId} label={content.illustration} />
          <div className="space-y-3 text-slate-800">
            {content.paragraphs.map((paragraph, i) => (
              <p key={i}>{paragraph}</p>
            ))}
          </div>
          <section aria-labelledby={`${moduleId}-scenario`} className="rounded-xl border-l-4 border-brand bg-rose-50 p-4">
            <h3 id={`${moduleId}-scenario`} className="font-semibold">
              {t("workplace.training.scenario")}
            </h3>
            <p className="mt-1 text-slate-800">{content.scenario}</p>
            <p className="mt-2 text-sm text-slate-700">{t("workplace.training.scenarioPrompt")}</p>
          </section>
          {!completed && <Button onClick={() => setStage("quiz")}>{t("workplace.training.takeQuiz")}</Button>}
        </>
      )}
      {stage === "quiz" && <LearningAttempt key={round} subject={moduleId} endpoint={learningEndpoint(moduleId)} onGraded={onGraded} />}
      {stage === "result" && graded && (
        <div className="space-y-4">
          <p role="status" className={`text-lg font-bold ${graded.grade.passed ? "text-emerald-700" : "text-amber-800"}`}>
            {graded.grade.passed
              ? `${t("workplace.training.pass")} ${t("workplace.training.saved")}`
              : `${t("workplace.training.fail")}. ${t("workplace.training.failText")}`}
          </p>
          <LearningReview subject={moduleId} grade={graded.grade} attempt={graded.attempt} />
          {graded.grade.passed ? (
            <div className="flex flex-wrap gap-2">
              {next && (
                <Button onClick={() => onOpen(next)}>{t("workplace.training.nextModule", { title: moduleContent(t, next).title })}</Button>
              )}
              <Button variant={next ? "secondary" : "primary"} onClick={onClose}>
                {t("workplace.training.backToModules")}
              </Button>
            </div>
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

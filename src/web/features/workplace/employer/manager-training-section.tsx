import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DrawnAttempt, LearningGrade } from "../../../../shared/schemas/workplace.js";
import { MANAGER_QUIZ } from "../../../../shared/workplace/learning.js";
import { Button } from "../../../components/ui/button.js";
import { Card } from "../../../components/ui/card.js";
import { formatDay } from "../../../lib/format-day.js";
import { useFocusOnChange } from "../../../lib/use-focus-on-change.js";
import { LearningAttempt, LearningReview } from "../learning-attempt.js";
import { CertificateDownload } from "../legal-name.js";
import { RenewalNote } from "../renewal-note.js";
import { managerCertificateUrl, managerTrainingEndpoint, useManagerTraining } from "./api/compliance.js";
import { QueryState } from "./query-state.js";

/** The reading's paragraphs in the message files: p1…p6. */
const READING_PARAGRAPHS = 6;
const range = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
// Keys built from numbers: the reading's paragraphs p1…p6 exist in both languages.
const tk = (t: TFunction, key: string) => t(key as never) as string;

/**
 * Manager training: about four minutes of reading, then a quiz of one
 * question per topic drawn by the server (the employees' quizzes' way: no
 * right answer shown, each retry asks other questions), 5/5 for a PDF
 * certificate.
 */
export function ManagerTrainingSection({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const training = useManagerTraining(organizationId);
  const [stage, setStage] = useState<"reading" | "quiz" | "result">("reading");
  // Each stage starts at the quiz's heading: the button pressed is gone.
  const heading = useFocusOnChange<HTMLHeadingElement>(stage);
  const [graded, setGraded] = useState<{ grade: LearningGrade; attempt: DrawnAttempt } | null>(null);
  // A new key per try mounts a new attempt: the server draws other questions.
  const [round, setRound] = useState(0);

  const ask = () => {
    setRound((r) => r + 1);
    setStage("quiz");
  };
  const onGraded = (grade: LearningGrade, attempt: DrawnAttempt) => {
    setGraded({ grade, attempt });
    setStage("result");
  };

  return (
    <QueryState query={training}>
      {(state) => {
        // The code a pass just earned shows at once, before the refreshed state arrives.
        const certificateCode = state.certificateCode ?? graded?.grade.certificateCode ?? null;
        return (
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
              <h3 ref={heading} tabIndex={-1} className="font-bold focus:outline-none">
                {t("employer.managerTraining.quizTitle")}
              </h3>
              {stage === "result" && graded && (
                <>
                  {graded.grade.passed ? (
                    <p role="status" className="font-semibold text-emerald-700">
                      {t("employer.managerTraining.passedTitle")} {t("employer.managerTraining.passedText")}
                    </p>
                  ) : (
                    <p role="status" className="font-semibold text-amber-800">
                      {t("employer.managerTraining.score", { correct: graded.grade.correct })} {t("employer.managerTraining.failedText")}
                    </p>
                  )}
                  <LearningReview subject={MANAGER_QUIZ} grade={graded.grade} attempt={graded.attempt} />
                </>
              )}
              {stage === "quiz" && (
                <LearningAttempt
                  key={round}
                  subject={MANAGER_QUIZ}
                  endpoint={managerTrainingEndpoint(organizationId)}
                  onGraded={onGraded}
                />
              )}
              {stage !== "quiz" && certificateCode && (
                <div className="space-y-2">
                  {stage !== "result" && (
                    <p role="status" className="font-semibold text-emerald-700">
                      {t("employer.managerTraining.passedTitle")} {t("employer.managerTraining.passedText")}
                    </p>
                  )}
                  {state.passedAt && (
                    <p className="text-sm text-slate-700">
                      {t("employer.managerTraining.passedOn", { date: formatDay(state.passedAt, i18n.language, "medium") })}
                    </p>
                  )}
                  <p className="font-mono text-sm">{t("workplace.quiz.verificationCode", { code: certificateCode })}</p>
                  <CertificateDownload href={managerCertificateUrl(organizationId)} label={t("employer.managerTraining.certificate")} />
                  {/* Its renewal, under the reading or after a missed renewal try (a pass brings the new date). */}
                  {(stage === "reading" || (stage === "result" && graded?.grade.passed === false)) && (
                    <RenewalNote validity={state} onRenew={ask} />
                  )}
                </div>
              )}
              {stage !== "quiz" && !certificateCode && (
                <>
                  {stage === "reading" && <p className="text-slate-700">{t("employer.managerTraining.quizIntro")}</p>}
                  {state.attempts > 0 && (
                    <p className="text-sm text-slate-600">{t("workplace.quiz.attempts", { count: state.attempts })}</p>
                  )}
                  <Button onClick={ask}>{stage === "result" ? t("workplace.quiz.retry") : t("employer.managerTraining.start")}</Button>
                </>
              )}
            </Card>
          </div>
        );
      }}
    </QueryState>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DrawnAttempt, LearningGrade } from "../../../shared/schemas/workplace.js";
import { QUIZ_MINUTES, type QuizId } from "../../../shared/workplace/learning.js";
import { Button } from "../../components/ui/button.js";
import { useFocusOnChange } from "../../lib/use-focus-on-change.js";
import { Card } from "../../components/ui/card.js";
import { certificateUrl, learningEndpoint } from "./api/workplace.js";
import { LearningAttempt, LearningReview } from "./learning-attempt.js";
import { CertificateDownload } from "./legal-name.js";
import { quizContent } from "./learning-content.js";
import { RenewalNote } from "./renewal-note.js";

/**
 * The policy or harassment-prevention quiz: overview, questions, results.
 * Each try draws one question per topic; only 100 % passes; retries are
 * unlimited and each is counted by the server, whose count the certificate
 * prints.
 */
export function QuizCard({
  quizId,
  state,
}: {
  quizId: QuizId;
  state: { attempts: number; certificateCode: string | null; expiresOn: string | null; renewalOpen: boolean };
}) {
  const { t } = useTranslation();
  const content = quizContent(t, quizId);
  const [stage, setStage] = useState<"overview" | "questions" | "result">("overview");
  // Each stage (overview, questions, result) starts at the quiz's title: the button pressed is gone.
  const heading = useFocusOnChange<HTMLHeadingElement>(stage);
  const [graded, setGraded] = useState<{ grade: LearningGrade; attempt: DrawnAttempt } | null>(null);
  // A new key per try mounts a new attempt: the server draws other questions.
  const [round, setRound] = useState(0);
  const headingId = `quiz-${quizId}`;
  const result = graded?.grade;

  const onGraded = (grade: LearningGrade, attempt: DrawnAttempt) => {
    // The page says the result (its status and the review), so no toast repeats it over the buttons.
    setGraded({ grade, attempt });
    setStage("result");
  };
  const ask = () => {
    setRound((r) => r + 1);
    setStage("questions");
  };

  const certificate = state.certificateCode && (
    <div className="space-y-2">
      <p role="status" className="font-semibold text-emerald-700">
        {t("workplace.quiz.passed")} · {t("workplace.quiz.attempts", { count: result?.attempts ?? state.attempts })}
      </p>
      <p className="font-mono text-sm">{t("workplace.quiz.verificationCode", { code: state.certificateCode })}</p>
      <CertificateDownload href={certificateUrl(quizId)} label={t("workplace.quiz.downloadCertificate")} context={content.title} />
      {/* Under the overview only: a result has its own "try again", and a pass just now brings a new date. */}
      {stage === "overview" && <RenewalNote validity={state} onRenew={ask} />}
    </div>
  );

  return (
    <Card className="space-y-3" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold focus:outline-none">
        {content.title}
      </h3>
      {stage === "result" && graded && (
        <>
          {!graded.grade.passed && (
            <p role="status" className="font-semibold text-amber-800">
              {t("workplace.quiz.failedTitle")} · {t("workplace.quiz.attempts", { count: graded.grade.attempts })}
            </p>
          )}
          <LearningReview subject={quizId} grade={graded.grade} attempt={graded.attempt} />
          {!graded.grade.passed && <Button onClick={ask}>{t("workplace.quiz.retry")}</Button>}
        </>
      )}
      {stage === "questions" && <LearningAttempt key={round} subject={quizId} endpoint={learningEndpoint(quizId)} onGraded={onGraded} />}
      {stage === "overview" && !state.certificateCode && (
        <>
          <p className="text-slate-700">{content.intro}</p>
          <p className="text-sm text-slate-600">
            {t("workplace.quiz.estimatedTime", { minutes: QUIZ_MINUTES })}
            {state.attempts > 0 && <> · {t("workplace.quiz.attempts", { count: state.attempts })}</>}
          </p>
          <Button onClick={ask}>{t("workplace.quiz.start")}</Button>
        </>
      )}
      {stage !== "questions" && certificate}
    </Card>
  );
}

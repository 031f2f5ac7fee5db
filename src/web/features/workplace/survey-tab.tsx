import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { MIN_RESPONSES_FOR_RESULTS, SURVEY_CATEGORIES, SURVEY_QUESTIONS } from "../../../shared/workplace/climate-survey.js";
import { Button } from "../../components/ui/button.js";
import { useFocusOnChange } from "../../lib/use-focus-on-change.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { ApiError } from "../../lib/api.js";
import { useSubmitSurvey, useSurveyState } from "./api/workplace.js";
import { formatDay } from "../../lib/format-day.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { QuestionStepper } from "../../components/ui/question-stepper.js";
import { SurveyResultsView } from "./survey-results.js";

/** The climate survey: intro, one question per screen, then thanks (and the results when shared). */
export function SurveyTab() {
  const { t, i18n } = useTranslation();
  const state = useSurveyState();
  const submit = useSubmitSurvey();
  const [stage, setStage] = useState<"intro" | "questions" | "results">("intro");
  // Each stage (and the thanks once answered) starts at the survey's title: the button pressed is gone.
  const heading = useFocusOnChange<HTMLHeadingElement>(`${stage}:${state.data?.survey?.answered ?? false}`);

  if (state.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (state.isError) return <LoadFailed message={t("workplace.survey.loadFailed")} onRetry={() => void state.refetch()} />;
  const { survey, schedule } = state.data;

  const send = async (positions: number[]) => {
    try {
      await submit.mutateAsync({ surveyId: survey!.id, answers: positions.map((p) => p + 1) });
      toast.success(t("workplace.survey.submitted"));
      setStage("intro");
    } catch (error) {
      toast.error(error instanceof ApiError && error.code !== "internal_error" ? error.message : t("workplace.survey.submitFailed"));
    }
  };

  let body;
  if (!survey) body = <p className="text-slate-700">{t("workplace.survey.none")}</p>;
  else if (stage === "results" && survey.resultsShared) {
    body = (
      <div className="space-y-3">
        <Button variant="secondary" onClick={() => setStage("intro")}>
          {t("workplace.survey.backToSurvey")}
        </Button>
        <SurveyResultsView ready={survey.resultsReady} />
      </div>
    );
  } else if (survey.answered) {
    body = (
      <div role="status" className="space-y-2">
        <p className="text-lg font-semibold">{t("workplace.survey.completed.title")}</p>
        <p className="text-slate-700">{t("workplace.survey.completed.text")}</p>
        {survey.resultsShared ? (
          <Button onClick={() => setStage("results")}>{t("workplace.survey.completed.viewResults")}</Button>
        ) : (
          <p className="text-sm text-slate-600">{t("workplace.survey.completed.notShared")}</p>
        )}
      </div>
    );
  } else if (stage === "questions") {
    body = (
      <QuestionStepper
        questions={[
          ...SURVEY_QUESTIONS.map((question) => ({
            label: t(`workplace.survey.categories.${question.category}`),
            text: t(`workplace.survey.questions.${question.id}` as never),
            options: ([1, 2, 3, 4, 5] as const).map((point) => t(`workplace.survey.scales.${question.scale}.${point}`)),
          })),
          // Then, for each action the employer published since the last survey: did it help? (agreement: 5 = it did)
          ...survey.followUps.map((followUp) => ({
            label: t("workplace.survey.followUp.label"),
            text: t("workplace.survey.followUp.text", {
              category: t(`workplace.survey.categories.${followUp.category}`),
              text: followUp.text,
            }),
            options: ([1, 2, 3, 4, 5] as const).map((point) => t(`workplace.survey.scales.agreement.${point}`)),
          })),
        ]}
        submitting={submit.isPending}
        onSubmit={(answers) => void send(answers)}
        progressLabel={(current, total) => t("workplace.survey.progress", { current, total })}
        submitLabel={t("workplace.survey.submit")}
      />
    );
  } else {
    body = (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">
          {t("workplace.survey.period", {
            start: formatDay(survey.periodStart, i18n.language),
            end: formatDay(survey.periodEnd, i18n.language),
          })}
        </p>
        <ul className="list-inside list-disc space-y-1 text-slate-800">
          <li>{t("workplace.survey.intro.anonymity")}</li>
          <li>{t("workplace.survey.intro.aggregated", { count: MIN_RESPONSES_FOR_RESULTS })}</li>
          <li>{t("workplace.survey.intro.compliance")}</li>
          <li>{t("workplace.survey.intro.time")}</li>
          <li>
            {t("workplace.survey.intro.size", { questions: SURVEY_QUESTIONS.length, categories: SURVEY_CATEGORIES.length })}
            {survey.followUps.length > 0 && `, ${t("workplace.survey.intro.followUps", { count: survey.followUps.length })}`}
          </li>
        </ul>
        <Button onClick={() => setStage("questions")}>{t("workplace.survey.intro.start")}</Button>
      </div>
    );
  }

  // The survey's page is the questions; when the next one opens is a line under the title (issue 61 §2).
  const next = schedule.find((period) => !survey || period.opens > survey.periodEnd);
  return (
    <Card className="space-y-3">
      <div>
        <h2 ref={heading} tabIndex={-1} className="text-xl font-bold focus:outline-none">
          {t("workplace.survey.title")}
        </h2>
        {next && (
          <p className="text-sm text-slate-600">{t("workplace.survey.nextSurvey", { date: formatDay(next.opens, i18n.language) })}</p>
        )}
      </div>
      {body}
    </Card>
  );
}

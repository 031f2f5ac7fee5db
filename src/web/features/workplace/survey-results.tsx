import { useTranslation } from "react-i18next";
import { buttonClass } from "../../components/ui/button.js";
import { LoadingState } from "../../components/ui/card.js";
import { ApiError } from "../../lib/api.js";
import { SURVEY_RESULTS_PDF, useSurveyResults } from "./api/workplace.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { SurveyFigures } from "../../components/ui/survey-figures.js";

/** The open period's aggregate (survey-figures.tsx) and the PDF export. */
export function SurveyResultsView() {
  const { t } = useTranslation();
  const results = useSurveyResults();
  if (results.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (results.isError) {
    // Under five responses the server explains why there is nothing to show.
    const reason =
      results.error instanceof ApiError && results.error.status < 500 ? results.error.message : t("workplace.results.loadFailed");
    return <LoadFailed message={reason} onRetry={() => void results.refetch()} />;
  }
  const data = results.data;
  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold">{t("workplace.results.title")}</h3>
      <SurveyFigures figures={data} />
      <div className="rounded-xl border border-slate-200 p-4">
        <p className="font-semibold">{t("workplace.results.exportTitle")}</p>
        <p className="text-sm text-slate-700">{t("workplace.results.exportText")}</p>
        <a className={buttonClass("secondary", "mt-2")} href={SURVEY_RESULTS_PDF} download>
          {t("workplace.results.exportButton")}
        </a>
      </div>
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { buttonClass } from "../../components/ui/button.js";
import { LoadingState } from "../../components/ui/card.js";
import { Hourglass } from "lucide-react";
import { SURVEY_RESULTS_PDF, useSurveyResults } from "./api/workplace.js";
import { LoadFailed } from "../../components/ui/load-failed.js";
import { SurveyFigures } from "../../components/ui/survey-figures.js";
import { YouSaidWeDid } from "./you-said-we-did.js";

/**
 * The open period's aggregate (survey-figures.tsx) and the PDF export. Until
 * the threshold is reached there is nothing to fetch: an informative state,
 * which never says how many answered (that count would move one person at a
 * time, which the published figures never do).
 */
export function SurveyResultsView({ ready }: { ready: boolean }) {
  const { t } = useTranslation();
  const results = useSurveyResults(ready);
  if (!ready) {
    return (
      <div role="status" className="space-y-1 rounded-xl border border-sky-200 bg-sky-50 p-4">
        <p className="flex items-center gap-2 font-semibold">
          <Hourglass size={18} className="text-sky-700" aria-hidden />
          {t("workplace.results.notReadyTitle")}
        </p>
        <p className="text-slate-800">{t("workplace.results.notReady")}</p>
      </div>
    );
  }
  if (results.isPending) return <LoadingState label={t("workplace.loading")} />;
  if (results.isError) {
    return <LoadFailed message={t("workplace.results.loadFailed")} onRetry={() => void results.refetch()} />;
  }
  const data = results.data;
  return (
    <div className="space-y-4">
      <h3 className="text-lg font-bold">{t("workplace.results.title")}</h3>
      <SurveyFigures figures={data} />
      <YouSaidWeDid />
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

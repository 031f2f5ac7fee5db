import { useTranslation } from "react-i18next";
import { scoreBand, SURVEY_CATEGORIES } from "../../../shared/workplace/climate-survey.js";
import { buttonClass } from "../../components/ui/button.js";
import { LoadingState } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { ApiError } from "../../lib/api.js";
import { SURVEY_RESULTS_PDF, useSurveyResults } from "./api/workplace.js";
import { LoadFailed } from "./load-failed.js";

const BAND_CLASS = { good: "bg-emerald-600", watch: "bg-amber-500", risk: "bg-red-600" } as const;

/** Totals, participation, the overall score, bars per category, red flags and the PDF export. */
export function SurveyResultsView() {
  const { t, i18n } = useTranslation();
  const results = useSurveyResults();
  const decimal = (value: number) =>
    value.toLocaleString(i18n.language === "fr" ? "fr-CA" : "en-CA", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
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
      <div className="grid gap-3 sm:grid-cols-3">
        <StatTile label={t("workplace.results.totalResponses")} value={data.responses} />
        <StatTile
          label={t("workplace.results.participationRate")}
          value={
            <span>
              {data.participationPercent} %{" "}
              <span className="block text-xs font-normal text-slate-600">
                {t("workplace.results.participationDetail", { employees: data.employeesWithAccess })}
              </span>
            </span>
          }
        />
        <StatTile label={t("workplace.results.overallScore")} value={t("workplace.results.outOf", { score: decimal(data.overall) })} />
      </div>
      <section aria-labelledby="categories-heading" className="space-y-2">
        <h4 id="categories-heading" className="font-semibold">
          {t("workplace.results.byCategory")}
        </h4>
        {SURVEY_CATEGORIES.map((category) => {
          const score = data.categoryAverages[category] ?? 0;
          return (
            <div key={category}>
              <div className="flex justify-between text-sm">
                <span>{t(`workplace.survey.categories.${category}`)}</span>
                <span className="font-semibold">{decimal(score)}</span>
              </div>
              <div className="h-2 rounded-full bg-slate-200" aria-hidden>
                <div className={`h-2 rounded-full ${BAND_CLASS[scoreBand(score)]}`} style={{ width: `${(score / 5) * 100}%` }} />
              </div>
            </div>
          );
        })}
      </section>
      <section aria-labelledby="flags-heading" className="space-y-2">
        <h4 id="flags-heading" className="font-semibold">
          {t("workplace.results.redFlags")}
        </h4>
        {data.redFlags.length === 0 ? (
          <p className="text-sm text-slate-700">{t("workplace.results.noRedFlags")}</p>
        ) : (
          <ul className="space-y-1">
            {data.redFlags.map((flag) => (
              <li key={flag.category} className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                {t(`workplace.results.flag.${flag.severity}`, {
                  category: t(`workplace.survey.categories.${flag.category}` as never),
                  score: decimal(flag.score),
                })}
              </li>
            ))}
          </ul>
        )}
      </section>
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

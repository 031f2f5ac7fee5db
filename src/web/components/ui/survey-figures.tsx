import { useTranslation } from "react-i18next";
import type { SurveyResults } from "../../../shared/schemas/workplace.js";
import { scoreBand, SURVEY_CATEGORIES } from "../../../shared/workplace/climate-survey.js";
import { StatTile } from "./stat-tile.js";
import { numberFormat } from "../../../shared/i18n/format.js";

const BAND_CLASS = { good: "bg-emerald-600", watch: "bg-amber-500", risk: "bg-red-600" } as const;

/** A score to one decimal, in the app's language (3,4 in French). */
export function useDecimal() {
  const { i18n } = useTranslation();
  return (value: number) => numberFormat(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
}

type Figures = Pick<
  SurveyResults,
  "responses" | "employeesWithAccess" | "participationPercent" | "overall" | "categoryAverages" | "redFlags"
>;

/**
 * A survey period's aggregate: totals, participation, the overall score,
 * bars per category and the red flags. Employees see it for the open period
 * (when their employer shares it), employers for every period.
 */
export function SurveyFigures({ figures, headingLevel = 4 }: { figures: Figures; headingLevel?: 3 | 4 }) {
  const { t } = useTranslation();
  const decimal = useDecimal();
  const Heading = `h${headingLevel}` as const;
  return (
    <div className="space-y-4">
      <dl className="grid gap-3 sm:grid-cols-3">
        <StatTile label={t("workplace.results.totalResponses")} value={figures.responses} />
        <StatTile
          label={t("workplace.results.participationRate")}
          value={
            <span>
              {figures.participationPercent} %{" "}
              <span className="block text-xs font-normal text-slate-600">
                {t("workplace.results.participationDetail", {
                  employees: t("workplace.employeeCount", { count: figures.employeesWithAccess }),
                })}
              </span>
            </span>
          }
        />
        <StatTile label={t("workplace.results.overallScore")} value={t("workplace.results.outOf", { score: decimal(figures.overall) })} />
      </dl>
      <section className="space-y-2">
        <Heading className="font-semibold">{t("workplace.results.byCategory")}</Heading>
        {SURVEY_CATEGORIES.map((category) => {
          const score = figures.categoryAverages[category] ?? 0;
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
      <section className="space-y-2">
        <Heading className="font-semibold">{t("workplace.results.redFlags")}</Heading>
        {figures.redFlags.length === 0 ? (
          <p className="text-sm text-slate-700">{t("workplace.results.noRedFlags")}</p>
        ) : (
          <ul className="space-y-1">
            {figures.redFlags.map((flag) => (
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
    </div>
  );
}

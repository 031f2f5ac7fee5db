import { useTranslation } from "react-i18next";
import { Card } from "../../components/ui/card.js";
import { formatDay } from "../../lib/format-day.js";

/** The next six surveys: every two months on the 15th, computed by the server from today. */
export function SurveySchedule({ periods }: { periods: { opens: string; closes: string }[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="space-y-3">
      <h3 className="text-lg font-bold">{t("workplace.survey.schedule.title")}</h3>
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t("workplace.survey.schedule.opens")}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t("workplace.survey.schedule.periodColumn")}
              </th>
              <th scope="col" className="py-2">
                {t("workplace.survey.schedule.status")}
              </th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.opens} className="border-t border-slate-100">
                <td className="py-2 pr-3 font-semibold">{formatDay(period.opens, i18n.language)}</td>
                <td className="py-2 pr-3">
                  {t("workplace.survey.schedule.range", {
                    start: formatDay(period.opens, i18n.language),
                    end: formatDay(period.closes, i18n.language),
                  })}
                </td>
                <td className="py-2">
                  <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                    {t("workplace.survey.schedule.upcoming")}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-slate-600">{t("workplace.survey.schedule.note")}</p>
    </Card>
  );
}

import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card, LoadingState } from "../../components/ui/card.js";
import { useAnalytics } from "./api/figures.js";
import { actTypeLabel } from "./act-type-label.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6];

/** docs/design.md §4.2: every figure from the organisation's acts; "No data yet" where there is none. */
export default function AnalyticsTab({ organizationId, days }: { organizationId: string; days: number }) {
  const { t, i18n } = useTranslation();
  const analytics = useAnalytics(organizationId, days);
  if (analytics.isPending) return <LoadingState label={t("common.loading")} />;
  if (analytics.error) return <Card role="alert">{t("dashboard.loadFailed")}</Card>;
  const data = analytics.data;
  const total = data.perDay.reduce((sum, d) => sum + d.scans, 0);
  const number = numberFormat(i18n.language);
  const dayLabel = dateFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  const weekday = dateFormat(i18n.language, { weekday: "short", timeZone: "UTC" });
  // 2023-01-01 was a Sunday: weekday n is that date plus n days.
  const weekdayName = (n: number) => weekday.format(new Date(Date.UTC(2023, 0, 1 + n)));
  const noData = <p className="text-sm text-slate-700">{t("dashboard.noData")}</p>;
  const busiest = Math.max(1, ...data.busiestHours.map((c) => c.scans));
  const cell = new Map(data.busiestHours.map((c) => [`${c.weekday}-${c.hour}`, c.scans]));

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="lg:col-span-2">
        <h2 className="text-lg font-bold">{t("dashboard.analytics.perDay")}</h2>
        {total === 0 ? (
          noData
        ) : (
          <figure>
            <div className="h-56" aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  accessibilityLayer={false}
                  data={data.perDay.map((d) => ({ label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)), scans: d.scans }))}
                >
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
                  <YAxis allowDecimals={false} width={32} tick={{ fontSize: 11 }} />
                  <Tooltip />
                  <Bar dataKey="scans" name={t("dashboard.analytics.scans")} fill="#e11d48" />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <figcaption className="sr-only">
              {t("dashboard.analytics.perDayCaption", { total: number.format(total), count: days })}
            </figcaption>
          </figure>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-bold">{t("dashboard.analytics.topLocations")}</h2>
        {data.topLocations.length === 0 ? (
          noData
        ) : (
          <ol className="mt-2 space-y-1 text-sm">
            {data.topLocations.map((l, i) => (
              <li key={l.id} className="flex justify-between gap-2">
                <span>
                  {i + 1}. {l.name}
                </span>
                <span className="font-semibold tabular-nums">{number.format(l.scans)}</span>
              </li>
            ))}
          </ol>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-bold">{t("dashboard.analytics.split")}</h2>
        {total === 0 ? (
          noData
        ) : (
          <dl className="mt-2 space-y-2 text-sm">
            {(["virtual", "physical", "portable", "manual"] as const)
              .filter((type) => type !== "manual" || data.split.manual > 0)
              .map((type) => (
                <div key={type} className="grid grid-cols-[1fr_auto] gap-x-2">
                  <dt>{actTypeLabel(t, type)}</dt>
                  <dd className="font-semibold tabular-nums">
                    {number.format(data.split[type])} ({Math.round((data.split[type] / total) * 100)} %)
                  </dd>
                  <dd className="col-span-2 mt-1 h-2 rounded bg-slate-100" aria-hidden>
                    <div className="h-2 rounded bg-brand" style={{ width: `${(data.split[type] / total) * 100}%` }} />
                  </dd>
                </div>
              ))}
          </dl>
        )}
      </Card>
      <Card className="lg:col-span-2">
        <h2 className="text-lg font-bold">{t("dashboard.analytics.busiestHours")}</h2>
        {data.busiestHours.length === 0 ? (
          noData
        ) : (
          <div className="mt-2 overflow-x-auto">
            <table className="border-separate border-spacing-0.5 text-xs">
              <caption className="sr-only">{t("dashboard.analytics.busiestCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col" className="sr-only">
                    {t("dashboard.analytics.weekday")}
                  </th>
                  {Array.from({ length: 24 }, (_, h) => (
                    <th key={h} scope="col" className="w-5 font-normal text-slate-600">
                      {h % 3 === 0 ? h : <span className="sr-only">{h}</span>}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {WEEKDAYS.map((d) => (
                  <tr key={d}>
                    <th scope="row" className="pr-1 text-left font-normal">
                      {weekdayName(d)}
                    </th>
                    {Array.from({ length: 24 }, (_, h) => {
                      const scans = cell.get(`${d}-${h}`) ?? 0;
                      return (
                        <td
                          key={h}
                          className="h-5 w-5 rounded-sm"
                          style={{ background: scans ? `rgba(225, 29, 72, ${0.15 + 0.85 * (scans / busiest)})` : "#f1f5f9" }}
                        >
                          <span className="sr-only">{number.format(scans)}</span>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ANALYTICS_PERIODS } from "../../../shared/schemas/admin.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { Segmented } from "../../components/ui/segmented.js";
import { useAdminAnalytics } from "./api/figures.js";
import { dateFormat, displayNames, numberFormat } from "../../../shared/i18n/format.js";

function ChartCard({
  title,
  caption,
  data,
  name,
}: {
  title: string;
  caption: string;
  data: { label: string; value: number }[];
  name: string;
}) {
  const { t } = useTranslation();
  const total = data.reduce((sum, d) => sum + d.value, 0);
  return (
    <Card>
      <h3 className="text-lg font-bold">{title}</h3>
      {total === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("admin.analytics.noData")}</p>
      ) : (
        <figure>
          <div className="h-56" aria-hidden>
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={data}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" />
                <YAxis allowDecimals={false} width={40} tick={{ fontSize: 11 }} />
                <Tooltip />
                <Bar dataKey="value" name={name} fill="#e11d48" />
              </BarChart>
            </ResponsiveContainer>
          </div>
          <figcaption className="text-sm text-slate-700">{caption}</figcaption>
        </figure>
      )}
    </Card>
  );
}

/** Top countries, acts per day and sign-ups per week over a chosen period; loaded with its charts only here. */
export default function AnalyticsTab() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<number>(30);
  const analytics = useAdminAnalytics(days);
  const number = numberFormat(i18n.language);
  const dayLabel = dateFormat(i18n.language, { month: "short", day: "numeric", timeZone: "UTC" });
  const countryName = displayNames(i18n.language, { type: "region" });
  const data = analytics.data;
  return (
    <section aria-labelledby="analytics-title" className="space-y-4" aria-busy={analytics.isFetching}>
      <h2 id="analytics-title" className="text-xl font-bold">
        {t("admin.analytics.title")}
      </h2>
      <Segmented
        label={t("admin.analytics.period")}
        value={String(days)}
        onChange={(value) => setDays(Number(value))}
        options={ANALYTICS_PERIODS.map((d) => ({ value: String(d), label: t("admin.analytics.days", { count: d }) }))}
      />
      {analytics.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : analytics.error || !data ? (
        <Card role="alert">{t("admin.loadFailed")}</Card>
      ) : (
        <>
          <Card>
            <h3 className="text-lg font-bold">{t("admin.analytics.topCountries")}</h3>
            {data.topCountries.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{t("admin.analytics.noCountries")}</p>
            ) : (
              <ol className="mt-2 space-y-1">
                {data.topCountries.map((row, i) => (
                  <li key={row.country} className="flex justify-between gap-2">
                    <span>
                      {i + 1}. {countryName.of(row.country) ?? row.country}
                    </span>
                    <span className="font-semibold tabular-nums">{number.format(row.acts)}</span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
          <ChartCard
            title={t("admin.analytics.actsPerDay")}
            name={t("admin.analytics.acts")}
            caption={t("admin.analytics.totalCaption", { total: number.format(data.actsPerDay.reduce((s, d) => s + d.acts, 0)) })}
            data={data.actsPerDay.map((d) => ({ label: dayLabel.format(new Date(`${d.day}T00:00:00Z`)), value: d.acts }))}
          />
          <ChartCard
            title={t("admin.analytics.newMembers")}
            name={t("admin.analytics.members")}
            caption={t("admin.analytics.membersCaption", {
              total: number.format(data.newMembersPerWeek.reduce((s, w) => s + w.members, 0)),
            })}
            data={data.newMembersPerWeek.map((w) => ({
              label: t("admin.analytics.weekOf", { date: dayLabel.format(new Date(`${w.weekStart}T00:00:00Z`)) }),
              value: w.members,
            }))}
          />
        </>
      )}
    </section>
  );
}

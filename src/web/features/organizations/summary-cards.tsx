import { useTranslation } from "react-i18next";
import { Activity, CreditCard, MapPin, QrCode } from "lucide-react";
import { Card } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { useSummary } from "./api/figures.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** docs/spec/organisation.md §2: four cards, each computed by the database (no made-up growth, docs/design.md §4.2). */
export function SummaryCards({ organizationId, days }: { organizationId: string; days: number }) {
  const { t, i18n } = useTranslation();
  const summary = useSummary(organizationId, days);
  const number = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1, signDisplay: "exceptZero" });
  if (summary.error) return <Card role="alert">{t("dashboard.loadFailed")}</Card>;
  const data = summary.data;
  const show = (value: number | undefined) => (value === undefined ? "…" : number.format(value));
  return (
    <section aria-label={t("dashboard.summary")} aria-busy={summary.isPending}>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile label={t("dashboard.totalScans")} value={show(data?.totalScans)} icon={Activity} />
        <StatTile label={t("dashboard.virtualScans")} value={show(data?.virtualScans)} icon={QrCode} />
        <StatTile label={t("dashboard.cardScans")} value={show(data?.cardScans)} icon={CreditCard} />
        <StatTile label={t("dashboard.activeLocations")} value={show(data?.activeLocations)} icon={MapPin} />
      </dl>
      {data && (
        <p className="mt-2 text-sm text-slate-700">
          {data.growthPercent === null
            ? t("dashboard.growthNone", { count: days })
            : t("dashboard.growth", {
                percent: percent.format(data.growthPercent / 100),
                count: days,
                previous: number.format(data.previousScans),
              })}
          {data.manualActs > 0 &&
            ` ${t("dashboard.includesManual", { count: data.manualActs, formatted: number.format(data.manualActs) })}`}
        </p>
      )}
    </section>
  );
}

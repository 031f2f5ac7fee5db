import { useTranslation } from "react-i18next";
import { Activity, AlertTriangle, Ban, CalendarDays, HandHeart, Inbox, Users } from "lucide-react";
import { ORGANIZATION_TYPES } from "../../../shared/schemas/organizations.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { useOverview } from "./api/figures.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** Totals from data (docs/design.md §4.2): acts, members, organisations by type, requests waiting, mail failing. */
export function OverviewTab() {
  const { t, i18n } = useTranslation();
  const overview = useOverview();
  const number = numberFormat(i18n.language);
  if (overview.isPending) return <LoadingState label={t("common.loading")} />;
  if (overview.error) return <Card role="alert">{t("admin.loadFailed")}</Card>;
  const data = overview.data;
  const organizations = ORGANIZATION_TYPES.reduce((sum, type) => sum + data.organizationsByType[type], 0);
  return (
    <section aria-labelledby="overview-title" className="space-y-4">
      <h2 id="overview-title" className="text-xl font-bold">
        {t("admin.overview.title")}
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <StatTile label={t("admin.overview.totalActs")} value={number.format(data.totalActs)} icon={Activity} />
        <StatTile label={t("admin.overview.actsToday")} value={number.format(data.actsToday)} icon={CalendarDays} />
        <StatTile label={t("admin.overview.manualActs")} value={number.format(data.manualActs)} icon={HandHeart} />
        <StatTile label={t("admin.overview.members")} value={number.format(data.members)} icon={Users} />
        <StatTile label={t("admin.overview.pendingRequests")} value={number.format(data.pendingRequests)} icon={Inbox} />
        <StatTile label={t("admin.overview.mailFailures")} value={number.format(data.mailFailures)} icon={AlertTriangle} />
        <StatTile label={t("admin.overview.suspended")} value={number.format(data.suspendedAccounts)} icon={Ban} />
      </dl>
      <Card>
        <h3 className="text-lg font-bold">{t("admin.overview.organizations")}</h3>
        {organizations === 0 ? (
          <p className="mt-2 text-slate-700">{t("admin.overview.noOrganizations")}</p>
        ) : (
          <dl className="mt-2 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
            {ORGANIZATION_TYPES.map((type) => (
              <div key={type} className="contents">
                <dt>{t(`admin.organizations.types.${type}`)}</dt>
                <dd className="text-right font-semibold tabular-nums">{number.format(data.organizationsByType[type])}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card>
    </section>
  );
}

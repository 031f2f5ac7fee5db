import { useTranslation } from "react-i18next";
import { Card, LoadingState } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { useEngagement } from "./api/figures.js";

/** Who takes part, by period: unique participants, those who came back, acts per participant. */
export function EngagementTab({ organizationId, days }: { organizationId: string; days: number }) {
  const { t, i18n } = useTranslation();
  const engagement = useEngagement(organizationId, days);
  if (engagement.isPending) return <LoadingState label={t("common.loading")} />;
  if (engagement.error) return <Card role="alert">{t("dashboard.loadFailed")}</Card>;
  const data = engagement.data;
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-bold">{t("dashboard.engagement.title", { count: days })}</h2>
      {data.uniqueParticipants === 0 ? (
        <p className="text-sm text-slate-700">{t("dashboard.noData")}</p>
      ) : (
        <dl className="grid gap-3 sm:grid-cols-3">
          <StatTile label={t("dashboard.engagement.unique")} value={number.format(data.uniqueParticipants)} />
          <StatTile label={t("dashboard.engagement.returning")} value={number.format(data.returningParticipants)} />
          <StatTile
            label={t("dashboard.engagement.perParticipant")}
            value={data.actsPerParticipant === null ? "—" : number.format(data.actsPerParticipant)}
          />
        </dl>
      )}
      <p className="text-sm text-slate-700">{t("dashboard.engagement.help")}</p>
    </Card>
  );
}

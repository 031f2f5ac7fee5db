import { useTranslation } from "react-i18next";
import { Card, LoadingState } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { Link } from "react-router";
import { useEngagement, useOrganizationTeams } from "./api/figures.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/** Who takes part, by period: unique participants, those who came back, acts per participant. */
export function EngagementTab({ organizationId, days }: { organizationId: string; days: number }) {
  return (
    <div className="space-y-4">
      <Participation organizationId={organizationId} days={days} />
      <WorkTeams organizationId={organizationId} />
    </div>
  );
}

/** The organisation's own work teams (issue 43): who takes part together, and their acts this month. */
function WorkTeams({ organizationId }: { organizationId: string }) {
  const { t, i18n } = useTranslation();
  const teams = useOrganizationTeams(organizationId);
  const number = numberFormat(i18n.language);
  return (
    <Card className="space-y-3" aria-labelledby="work-teams-heading">
      <h2 id="work-teams-heading" className="text-lg font-bold">
        {t("dashboard.workTeams.title")}
      </h2>
      {teams.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : teams.error ? (
        <p role="alert">{t("dashboard.loadFailed")}</p>
      ) : teams.data.teams.length === 0 ? (
        <p className="text-sm text-slate-700">{t("dashboard.workTeams.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {teams.data.teams.map((team) => (
            <li key={team.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <Link to={`/teams/${team.id}`} className="font-medium underline decoration-rose-300 underline-offset-2">
                {team.name}
              </Link>
              <span className="text-sm text-slate-700">
                {t("dashboard.workTeams.members", { count: team.members, formatted: number.format(team.members) })} ·{" "}
                {t("dashboard.workTeams.monthActs", { count: team.monthActs, formatted: number.format(team.monthActs) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Participation({ organizationId, days }: { organizationId: string; days: number }) {
  const { t, i18n } = useTranslation();
  const engagement = useEngagement(organizationId, days);
  if (engagement.isPending) return <LoadingState label={t("common.loading")} />;
  if (engagement.error) return <Card role="alert">{t("dashboard.loadFailed")}</Card>;
  const data = engagement.data;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
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

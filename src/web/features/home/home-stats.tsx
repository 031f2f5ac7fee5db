import { useTranslation } from "react-i18next";
import { Building2, CalendarDays, Globe2, Sun, Users } from "lucide-react";
import { COMPANIES_GOAL, GOALS, actsSinceQrLaunch } from "../../../shared/acts/goals.js";
import { movementDay } from "../../../shared/acts/new-york-time.js";
import type { GlobalStats } from "../../../shared/schemas/stats.js";
import { Card } from "../../components/ui/card.js";

function Tile({ icon: Icon, label, value }: { icon: typeof Users; label: string; value: string }) {
  return (
    <div className="rounded-xl bg-rose-50 p-3">
      <dt className="flex items-center gap-1.5 text-sm text-slate-700">
        <Icon size={16} aria-hidden className="text-brand" />
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}

export function GlobalCounter({ stats }: { stats: GlobalStats | undefined }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card className="text-center">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t("home.globalCounter")}</h2>
      <p className="mt-1 text-4xl font-extrabold tabular-nums text-brand" aria-live="polite" data-testid="global-count">
        {stats ? number.format(stats.totalActs) : "—"}
      </p>
      <p className="mt-2 flex items-center justify-center gap-1.5 text-slate-700">
        <CalendarDays size={16} aria-hidden />
        {t("home.movementDay", { day: number.format(movementDay(new Date())) })}
      </p>
    </Card>
  );
}

export function QuickStats({ stats }: { stats: GlobalStats }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("home.quickStats")}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <Tile icon={Building2} label={t("home.companies")} value={`${number.format(stats.companies)}/${number.format(COMPANIES_GOAL)}`} />
        <Tile icon={Globe2} label={t("home.countries")} value={number.format(stats.countries)} />
        <Tile icon={Users} label={t("home.users")} value={number.format(stats.users)} />
        <Tile icon={Sun} label={t("home.todayActs")} value={number.format(stats.todayActs)} />
      </dl>
    </Card>
  );
}

export function GoalProgress({ totalActs }: { totalActs: number }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const compact = new Intl.NumberFormat(i18n.language, { notation: "compact" });
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("home.goals")}</h2>
      <p className="mt-1 text-sm text-slate-700">{t("home.sinceQrLaunch", { count: actsSinceQrLaunch(totalActs), formatted: number.format(actsSinceQrLaunch(totalActs)) })}</p>
      <ul className="mt-3 space-y-3">
        {GOALS.map((goal) => {
          const percent = Math.min(100, (totalActs / goal.target) * 100);
          const label = t("home.goal", { target: compact.format(goal.target), year: goal.year });
          return (
            <li key={goal.target}>
              <div className="flex justify-between text-sm">
                <span className="font-medium">{label}</span>
                <span className="tabular-nums text-slate-700">{new Intl.NumberFormat(i18n.language, { maximumFractionDigits: percent < 1 ? 3 : 1 }).format(percent)} %</span>
              </div>
              <div
                role="progressbar"
                aria-label={label}
                aria-valuemin={0}
                aria-valuemax={goal.target}
                aria-valuenow={Math.min(totalActs, goal.target)}
                className="mt-1 h-2.5 overflow-hidden rounded-full bg-rose-100"
              >
                <div className="h-full rounded-full bg-brand" style={{ width: `${Math.max(percent, totalActs > 0 ? 0.5 : 0)}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

export function TopTeams({ stats }: { stats: GlobalStats }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("home.topTeams")}</h2>
      {stats.topTeams.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("home.topTeamsEmpty")}</p>
      ) : (
        <ol className="mt-3 space-y-2">
          {stats.topTeams.map((team) => (
            <li key={team.id} className="flex items-center justify-between gap-3">
              <span className="flex items-center gap-2">
                <span className="w-6 text-right font-bold text-brand">{team.rank}</span>
                {team.name}
              </span>
              <span className="tabular-nums text-slate-700">{t("common.acts", { count: team.acts, formatted: number.format(team.acts) })}</span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

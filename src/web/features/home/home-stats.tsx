import { useTranslation } from "react-i18next";
import { Building2, CalendarDays, Globe2, Sun, Users } from "lucide-react";
import { COMPANIES_GOAL } from "../../../shared/acts/goals.js";
import type { GlobalStats } from "../../../shared/schemas/stats.js";
import { Card } from "../../components/ui/card.js";
import { RankedActsList } from "../../components/ui/ranked-acts-list.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { numberFormat } from "../../../shared/i18n/format.js";

export function GlobalCounter({ stats }: { stats: GlobalStats | undefined }) {
  const { t, i18n } = useTranslation();
  // Only once there is a number to show: a phone's first number format costs it tens of
  // milliseconds, which the page going live (the first render, with "—") need not pay.
  const number = stats ? numberFormat(i18n.language) : null;
  return (
    <Card className="text-center">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t("home.globalCounter")}</h2>
      <p className="mt-1 text-4xl font-extrabold tabular-nums text-brand" aria-live="polite" data-testid="global-count">
        {number && stats ? number.format(stats.totalActs) : "—"}
      </p>
      <p className="mt-2 flex items-center justify-center gap-1.5 text-slate-700">
        <CalendarDays size={16} aria-hidden />
        {/* The server's day, not the phone's clock: the same on every phone, and nothing baked into the prerendered page. */}
        {t("home.movementDay", { day: number && stats ? number.format(stats.movementDay) : "—" })}
      </p>
    </Card>
  );
}

export function QuickStats({ stats }: { stats: GlobalStats }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("home.quickStats")}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3">
        <StatTile
          icon={Building2}
          label={t("home.companies")}
          value={`${number.format(stats.companies)}/${number.format(COMPANIES_GOAL)}`}
        />
        <StatTile icon={Globe2} label={t("home.countries")} value={number.format(stats.countries)} />
        <StatTile icon={Users} label={t("home.users")} value={number.format(stats.users)} />
        <StatTile icon={Sun} label={t("home.todayActs")} value={number.format(stats.todayActs)} />
      </dl>
    </Card>
  );
}

/** The movement's goals this year, from the server, measured against the same counter the page shows. */
export function GoalProgress({ stats }: { stats: GlobalStats }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const compact = numberFormat(i18n.language, { notation: "compact" });
  const { totalActs, goals } = stats;
  if (goals.length === 0) return null;
  const next = goals.find((goal) => !goal.reached);
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("home.goals")}</h2>
      <p className="mt-1 text-sm text-slate-700">
        {next
          ? t("home.nextGoal", { count: next.target - totalActs, formatted: number.format(next.target - totalActs) })
          : t("home.allGoalsReached")}
      </p>
      <ul className="mt-3 space-y-3">
        {goals.map((goal) => {
          const percent = Math.min(100, (totalActs / goal.target) * 100);
          const label = t("home.goal", { target: compact.format(goal.target), year: goal.year });
          return (
            <li key={goal.target}>
              <div className="flex justify-between text-sm">
                <span className="font-medium">{label}</span>
                <span className="tabular-nums text-slate-700">
                  {goal.reached
                    ? t("home.goalReached")
                    : numberFormat(i18n.language, { style: "percent", maximumFractionDigits: percent < 1 ? 3 : 1 }).format(percent / 100)}
                </span>
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
  const { t } = useTranslation();
  return (
    <Card aria-labelledby="home-top-teams">
      <h2 id="home-top-teams" className="text-lg font-bold">
        {t("home.topTeams")}
      </h2>
      {stats.topTeams.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("home.topTeamsEmpty")}</p>
      ) : (
        <RankedActsList rows={stats.topTeams} linkTo={(id) => `/teams/${id}`} />
      )}
    </Card>
  );
}

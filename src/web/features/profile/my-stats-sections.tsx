import { useTranslation } from "react-i18next";
import { Award, ChevronDown, Flame, Hash, Lock, Medal, Sparkles, Trophy } from "lucide-react";
import { RARITIES } from "../../../shared/acts/rarity.js";
import { RECENT_ACT_NUMBERS, type MyStats } from "../../../shared/schemas/stats.js";
import { ButtonLink } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { RankedActsList } from "../../components/ui/ranked-acts-list.js";
import { RARITY_STYLES } from "../../components/ui/rarity.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

export function StatsOverview({ stats }: { stats: MyStats }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("myStats.title")}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3" data-testid="my-stats">
        <StatTile icon={Sparkles} label={t("myStats.totalActs")} value={number.format(stats.totalActs)} />
        <StatTile
          icon={Trophy}
          label={t("myStats.rank")}
          value={
            stats.rank === null ? (
              <span className="text-base font-semibold">{t("myStats.noRankYet")}</span>
            ) : (
              `#${number.format(stats.rank)}`
            )
          }
        />
        <StatTile
          icon={Flame}
          label={t("myStats.currentStreak")}
          value={t("myStats.days", { count: stats.currentStreak, formatted: number.format(stats.currentStreak) })}
        />
        <StatTile
          icon={Medal}
          label={t("myStats.longestStreak")}
          value={t("myStats.days", { count: stats.longestStreak, formatted: number.format(stats.longestStreak) })}
        />
      </dl>
    </Card>
  );
}

export function MilestoneProgress({ stats }: { stats: MyStats }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const { previous, next } = stats.milestone;
  const percent = ((stats.totalActs - previous) / (next - previous)) * 100;
  const label = t("myStats.milestone", { next: number.format(next) });
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("myStats.milestoneTitle")}</h2>
      <p className="mt-1 text-slate-700">
        {stats.totalActs === 0
          ? t("myStats.milestoneFirst", { next: number.format(next) })
          : t("myStats.milestoneBody", {
              count: next - stats.totalActs,
              formatted: number.format(next - stats.totalActs),
              next: number.format(next),
            })}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={previous}
        aria-valuemax={next}
        aria-valuenow={stats.totalActs}
        className="mt-3 h-3 overflow-hidden rounded-full bg-rose-100"
      >
        <div className="h-full rounded-full bg-brand" style={{ width: `${percent}%` }} />
      </div>
      <div className="mt-1 flex justify-between text-sm text-slate-700">
        <span>{number.format(previous)}</span>
        <span>{number.format(next)}</span>
      </div>
    </Card>
  );
}

function AchievementItem({ achievement }: { achievement: MyStats["achievements"][number] }) {
  const { t, i18n } = useTranslation();
  const date = dateFormat(i18n.language, { dateStyle: "medium" });
  return (
    <li
      className={`flex gap-3 rounded-xl border p-3 ${achievement.earnedAt ? "border-amber-300 bg-amber-50" : "border-slate-200 bg-slate-50"}`}
    >
      {achievement.earnedAt ? (
        <Award size={24} aria-hidden className="shrink-0 text-amber-700" />
      ) : (
        <Lock size={24} aria-hidden className="shrink-0 text-slate-500" />
      )}
      <div>
        <p className="font-semibold">{t(`achievements.${achievement.id}.name` as "achievements.first_record.name")}</p>
        <p className="text-sm text-slate-700">
          {t(`achievements.${achievement.id}.description` as "achievements.first_record.description", { count: achievement.criteriaValue })}
        </p>
        <p className="mt-1 text-xs font-medium text-slate-700">
          {achievement.earnedAt ? t("myStats.earnedOn", { date: date.format(new Date(achievement.earnedAt)) }) : t("myStats.locked")}
          {" · "}
          {t("myStats.points", { points: achievement.points })}
        </p>
      </div>
    </li>
  );
}

/** Earned achievements first; the locked ones wait behind one control, so the profile stays short. */
export function AchievementsCard({ stats }: { stats: MyStats }) {
  const { t } = useTranslation();
  const earned = stats.achievements.filter((a) => a.earnedAt);
  const locked = stats.achievements.filter((a) => !a.earnedAt);
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Award size={20} aria-hidden className="text-brand" />
        {t("myStats.achievements", { earned: earned.length, total: stats.achievements.length })}
      </h2>
      {earned.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("myStats.noAchievementsYet")}</p>
      ) : (
        <ul className="mt-3 grid gap-2 sm:grid-cols-2">
          {earned.map((achievement) => (
            <AchievementItem key={achievement.id} achievement={achievement} />
          ))}
        </ul>
      )}
      {locked.length > 0 && (
        <details className="group mt-3">
          <summary className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg font-medium text-brand-dark hover:underline">
            <ChevronDown size={18} aria-hidden className="transition-transform group-open:rotate-180" />
            {t("myStats.lockedAchievements", { count: locked.length })}
          </summary>
          <ul className="mt-2 grid gap-2 sm:grid-cols-2">
            {locked.map((achievement) => (
              <AchievementItem key={achievement.id} achievement={achievement} />
            ))}
          </ul>
        </details>
      )}
    </Card>
  );
}

export function RarityCollection({ stats }: { stats: MyStats }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("myStats.rarityCollection")}</h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[...RARITIES].reverse().map((rarity) => (
          <div key={rarity} className={`rounded-xl p-3 text-center ${RARITY_STYLES[rarity]}`}>
            <dt className="text-sm font-medium">{t(`rarity.${rarity}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums">{number.format(stats.rarities[rarity])}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

export function ActNumbers({ stats }: { stats: MyStats }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <Hash size={20} aria-hidden className="text-brand" />
        {t("myStats.actNumbers")}
      </h2>
      {stats.recentActNumbers.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("myStats.noActs")}</p>
      ) : (
        <ul className="mt-3 flex flex-wrap gap-2" data-testid="act-numbers">
          {stats.recentActNumbers.map((actNumber) => (
            <li key={actNumber} className="rounded-full bg-rose-50 px-3 py-1 text-sm font-semibold tabular-nums text-brand-dark">
              {t("common.actNumber", { number: number.format(actNumber) })}
            </li>
          ))}
        </ul>
      )}
      {stats.totalActs > RECENT_ACT_NUMBERS ? (
        <ButtonLink to="/act-history" variant="secondary" className="mt-4">
          {t("myStats.fullHistory", { count: stats.totalActs, formatted: number.format(stats.totalActs) })}
        </ButtonLink>
      ) : (
        stats.totalActs > 0 && (
          <ButtonLink to="/act-history" variant="ghost" className="mt-3">
            {t("myStats.seeHistory")}
          </ButtonLink>
        )
      )}
    </Card>
  );
}

export function OrganizationCard({ stats }: { stats: MyStats }) {
  const { t } = useTranslation();
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("myStats.organizations")}</h2>
      {stats.topOrganizations.length === 0 ? (
        <p className="mt-2 text-slate-700">{t("myStats.organizationsEmpty")}</p>
      ) : (
        <RankedActsList rows={stats.topOrganizations} />
      )}
      <ButtonLink to="/leaderboards?tab=givers&type=company" variant="ghost" className="mt-3">
        {t("myStats.seeLeaderboards")}
      </ButtonLink>
    </Card>
  );
}

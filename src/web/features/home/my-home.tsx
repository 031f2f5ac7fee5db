import { useTranslation } from "react-i18next";
import { MyTeamsProgress } from "../../components/teams/my-teams-progress.js";
import { CalendarCheck, Flame, MapPin, QrCode, Sparkles, Target, Ticket } from "lucide-react";
import { Link } from "react-router";
import type { MyHome } from "../../../shared/schemas/stats.js";
import { ButtonLink } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { formatDistance, formatRelativeTime, useNow } from "../../lib/format.js";
import { useMyHome } from "./api/get-my-home.js";
import { useNearestPlace } from "./api/get-nearest-place.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";
import { daysToNextFreeze } from "../../../shared/acts/streaks.js";

/**
 * The signed-in home page opens on its person (issue 26 §2): where they stand
 * today, then the movement's counters below. A first-day person sees one
 * clear next step instead of a wall of zeros.
 */
export function MyHomeSection() {
  const { t } = useTranslation();
  const home = useMyHome(true);
  if (home.isError) return <p className="mb-6 text-slate-700">{t("home.mine.failed")}</p>;
  // Its height is kept while loading, so the counters below do not jump.
  if (!home.data) return <div className="mb-6 min-h-40" aria-busy="true" />;
  return (
    <section aria-labelledby="my-kindness" className="mb-6 grid gap-4">
      <h2 id="my-kindness" className="sr-only">
        {t("home.mine.title")}
      </h2>
      {home.data.totalActs === 0 ? <FirstStep /> : <MyFigures home={home.data} />}
      <MyTeamsProgress />
      <NearestPlaceCard />
    </section>
  );
}

function FirstStep() {
  const { t } = useTranslation();
  return (
    <Card>
      <h3 className="flex items-center gap-2 text-lg font-bold">
        <Sparkles size={20} className="shrink-0 text-brand" aria-hidden />
        {t("home.mine.firstTitle")}
      </h3>
      <p className="mt-1 text-slate-700">{t("home.mine.firstBody")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <ButtonLink to="/scan">
          <QrCode size={18} aria-hidden />
          {t("home.mine.scanCode")}
        </ButtonLink>
        <ButtonLink to="/map" variant="secondary">
          <MapPin size={18} aria-hidden />
          {t("home.mine.findPlace")}
        </ButtonLink>
      </div>
    </Card>
  );
}

function MyFigures({ home }: { home: MyHome }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const number = numberFormat(i18n.language);
  const { streak, milestone, contest, latestAct } = home;
  const streakHint = streak.scannedToday ? "home.mine.streakKept" : streak.current > 0 ? "home.mine.streakKeep" : "home.mine.streakStart";
  const reached = milestone.next - milestone.left;
  const toNextFreeze = daysToNextFreeze(streak.current);
  // A day of the streak's calendar ('YYYY-MM-DD'), read as that date wherever the phone is.
  const dayFormat = dateFormat(i18n.language, { weekday: "long", month: "long", day: "numeric", timeZone: "UTC" });
  return (
    <>
      <Card>
        <dl className="grid grid-cols-2 gap-3" data-testid="my-home">
          <StatTile
            icon={Flame}
            label={t("home.mine.streak")}
            value={t("myStats.days", { count: streak.current, formatted: number.format(streak.current) })}
          />
          <StatTile
            icon={CalendarCheck}
            label={t("home.mine.thisWeek")}
            value={t("common.acts", { count: home.actsThisWeek, formatted: number.format(home.actsThisWeek) })}
          />
          <StatTile icon={Target} label={t("home.mine.nextMilestone")} value={number.format(milestone.next)} />
          {contest && (
            <StatTile
              icon={Ticket}
              label={t("home.mine.tickets")}
              value={t("home.mine.ticketCount", { count: contest.tickets, formatted: number.format(contest.tickets) })}
            />
          )}
        </dl>
        {streak.frozenDay && (
          <p className="mt-3 rounded-xl bg-sky-50 p-3 text-sm font-medium text-sky-900" data-testid="freeze-kept">
            {t("home.mine.freezeKept", {
              count: streak.current,
              formatted: number.format(streak.current),
              day: dayFormat.format(new Date(`${streak.frozenDay}T12:00:00Z`)),
            })}
          </p>
        )}
        <p className="mt-3 text-sm text-slate-700">{t(streakHint)}</p>
        {streak.freezes > 0 ? (
          <p className="mt-1 text-sm text-slate-700">
            {t("home.mine.freezesHeld", { count: streak.freezes, formatted: number.format(streak.freezes) })}
          </p>
        ) : (
          // None held yet: how one is earned (issue 60 §3).
          <p className="mt-1 text-sm text-slate-700" data-testid="freeze-next">
            {t("home.mine.freezeNext", { count: toNextFreeze, formatted: number.format(toNextFreeze) })}
          </p>
        )}
        <div className="mt-3">
          <p className="text-sm text-slate-700">
            {t("home.mine.milestoneLeft", {
              count: milestone.left,
              formatted: number.format(milestone.left),
              next: number.format(milestone.next),
            })}
          </p>
          <div
            role="progressbar"
            aria-label={t("home.mine.nextMilestone")}
            aria-valuemin={0}
            aria-valuemax={milestone.next}
            aria-valuenow={reached}
            className="mt-1 h-2 overflow-hidden rounded-full bg-rose-100"
          >
            <div className="h-full rounded-full bg-brand" style={{ width: `${Math.min(100, (reached / milestone.next) * 100)}%` }} />
          </div>
        </div>
        {contest && (
          <p className="mt-3 text-sm">
            <Link to="/contests" className="font-medium text-brand-dark underline-offset-2 hover:underline">
              {t("home.mine.contestLink", { name: contest.name })}
            </Link>
          </p>
        )}
      </Card>
      {latestAct && (
        <Card>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700">{t("home.mine.latestAct")}</h3>
          <p className="mt-1 text-lg font-bold" data-testid="my-latest-act">
            {latestAct.actNumber === null
              ? latestAct.organizationName
              : t("home.mine.latestLine", { number: number.format(latestAct.actNumber), organization: latestAct.organizationName })}
          </p>
          <p className="text-sm text-slate-700">
            {t(`rarity.${latestAct.rarity}`)} · {formatRelativeTime(new Date(latestAct.scannedAt), now, i18n.language)}
          </p>
          <Link to="/act-history" className="mt-2 inline-block text-sm font-medium text-brand-dark underline-offset-2 hover:underline">
            {t("home.mine.seeHistory")}
          </Link>
        </Card>
      )}
    </>
  );
}

/** Shown only when the browser already had the person's permission; nothing is asked here. */
function NearestPlaceCard() {
  const { t, i18n } = useTranslation();
  const nearest = useNearestPlace();
  if (!nearest.data) return null;
  const { place, distance } = nearest.data;
  return (
    <Card>
      <h3 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-slate-700">
        <MapPin size={16} className="shrink-0 text-brand" aria-hidden />
        {t("home.mine.nearestTitle")}
      </h3>
      <p className="mt-1 font-bold" data-testid="nearest-place">
        {place.name} — {place.organizationName}
      </p>
      <p className="text-sm text-slate-700">{t("home.mine.nearestDistance", { distance: formatDistance(distance, i18n.language) })}</p>
      <Link to="/map" className="mt-2 inline-block text-sm font-medium text-brand-dark underline-offset-2 hover:underline">
        {t("home.mine.openMap")}
      </Link>
    </Card>
  );
}

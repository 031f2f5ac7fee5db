import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { HistoryAct } from "../../../shared/schemas/stats.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { RARITY_STYLES } from "../../components/ui/rarity.js";
import { StatTile } from "../../components/ui/stat-tile.js";
import { KINDLY_TIME_ZONE } from "../../../shared/acts/new-york-time.js";
import { useMyActs } from "./api/get-my-acts.js";
import { PastActActions } from "../../components/act-actions/past-act-actions.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

/** Acts grouped by their New York day, newest first (the server sends them in that order). */
function groupByDay(acts: HistoryAct[]): [string, HistoryAct[]][] {
  const groups = new Map<string, HistoryAct[]>();
  for (const act of acts) groups.set(act.day, [...(groups.get(act.day) ?? []), act]);
  return [...groups];
}

export default function ActHistoryPage() {
  const { t, i18n } = useTranslation();
  const history = useMyActs();
  const number = numberFormat(i18n.language);
  const dayFormat = dateFormat(i18n.language, { dateStyle: "full", timeZone: "UTC" });
  // Acts are grouped by their New York day, so their times are New York times
  // too, with the zone named (a traveller's browser may be elsewhere).
  const timeFormat = dateFormat(i18n.language, {
    hour: "numeric",
    minute: "2-digit",
    timeZone: KINDLY_TIME_ZONE,
    timeZoneName: "short",
  });
  const mediumDate = dateFormat(i18n.language, { dateStyle: "medium", timeZone: KINDLY_TIME_ZONE });

  if (history.isPending) return <LoadingState label={t("common.loading")} />;
  if (history.isError) {
    return (
      <Page>
        <PageTitle>{t("actHistory.title")}</PageTitle>
        <p role="alert">{t("actHistory.loadFailed")}</p>
        <Button className="mt-4" onClick={() => void history.refetch()}>
          {t("common.tryAgain")}
        </Button>
      </Page>
    );
  }
  const first = history.data.pages[0]!;
  const acts = history.data.pages.flatMap((page) => page.acts);
  return (
    <Page>
      <PageTitle intro={t("actHistory.easternTime")}>{t("actHistory.title")}</PageTitle>
      <dl className="grid grid-cols-3 gap-3">
        {[
          [t("actHistory.totalActs"), number.format(first.totalActs)],
          [t("actHistory.activeDays"), number.format(first.activeDays)],
          [t("actHistory.latestAct"), first.latestActAt ? mediumDate.format(new Date(first.latestActAt)) : "—"],
        ].map(([label, value]) => (
          <StatTile key={label} label={label!} value={value!} />
        ))}
      </dl>
      {acts.length === 0 ? (
        <Card className="mt-6 text-center">
          <h2 className="text-lg font-bold">{t("actHistory.empty")}</h2>
          <p className="mt-1 text-slate-700">{t("actHistory.emptyBody")}</p>
          <ButtonLink to="/scan" className="mt-4">
            {t("home.howToScan")}
          </ButtonLink>
        </Card>
      ) : (
        <div className="mt-6 space-y-6" data-testid="act-history">
          {groupByDay(acts).map(([day, dayActs]) => (
            <section key={day} aria-labelledby={`day-${day}`}>
              <h2 id={`day-${day}`} className="mb-2 font-semibold text-slate-800">
                {dayFormat.format(new Date(`${day}T12:00:00Z`))}
              </h2>
              <ul className="divide-y divide-slate-100 rounded-2xl border border-rose-100 bg-white">
                {dayActs.map((act) => (
                  // Two columns whatever the name's length: the badges and the time keep their place on the right.
                  <li key={act.id} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-3 p-3">
                    <div className="min-w-0">
                      <p className="font-bold text-brand">{t("common.actNumber", { number: number.format(act.actNumber) })}</p>
                      <p className="break-words text-slate-900">{act.organizationName}</p>
                      <p className="text-sm text-slate-700">{t("actHistory.pseudonym", { pseudonym: act.pseudonym })}</p>
                      {act.journeyId && (
                        <Link to={`/cards/${act.journeyId}`} className="text-sm font-semibold text-brand underline underline-offset-2">
                          {t("actHistory.journeyLink")}
                        </Link>
                      )}
                      <PastActActions act={act} />
                    </div>
                    <div className="flex flex-col items-end gap-1 text-right">
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800">
                        {t(`cardType.${act.cardType}`)}
                      </span>
                      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${RARITY_STYLES[act.rarity]}`}>
                        {t(`rarity.${act.rarity}`)}
                      </span>
                      <time dateTime={act.scannedAt} className="text-sm text-slate-700">
                        {timeFormat.format(new Date(act.scannedAt))}
                      </time>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
          {history.hasNextPage && (
            <Button variant="secondary" disabled={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
              {history.isFetchingNextPage ? t("common.loading") : t("actHistory.loadMore")}
            </Button>
          )}
        </div>
      )}
    </Page>
  );
}

import { memo, useDeferredValue, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { countryName } from "../../../shared/countries.js";
import { CountryBadge } from "../../components/ui/country-badge.js";
import { LEADERBOARD_PERIODS, type LeaderboardBoard, type LeaderboardPeriod, type LeaderboardRow } from "../../../shared/schemas/stats.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { useLeaderboard } from "./api/get-leaderboard.js";
import { useQueryClient } from "@tanstack/react-query";
import type { MyBoardPlace } from "../../../shared/schemas/stats.js";
import { Button } from "../../components/ui/button.js";
import { showApiError } from "../../lib/api-errors.js";
import { useMyBoardPlace } from "../../lib/my-board-place.js";
import { queryKeys } from "../../lib/query-keys.js";
import { useSession } from "../../lib/session.js";
import { useUpdateProfile } from "../../lib/update-profile.js";
import { Segmented } from "../../components/ui/segmented.js";
import { numberFormat } from "../../../shared/i18n/format.js";

type Tab = "receivers" | "givers";
const GIVER_TYPES = ["company", "organisation", "country"] as const;
type GiverType = (typeof GIVER_TYPES)[number];
const RECEIVER_TYPES = ["individual", "walking_team", "work_team"] as const;
type ReceiverType = (typeof RECEIVER_TYPES)[number];
const isTeamBoard = (board: LeaderboardBoard) => board === "walking_team" || board === "work_team";

/** The URL keeps the spec's `tab` and `type` (and our `period`), so a board can be linked to. */
function useBoardParams() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get("tab") === "givers" ? "givers" : "receivers";
  const rawType = params.get("type");
  const type: GiverType =
    rawType === "organisation" || rawType === "organization" ? "organisation" : rawType === "country" ? "country" : "company";
  const receiver: ReceiverType = RECEIVER_TYPES.includes(rawType as ReceiverType) ? (rawType as ReceiverType) : "individual";
  const rawPeriod = params.get("period");
  const period: LeaderboardPeriod = LEADERBOARD_PERIODS.includes(rawPeriod as LeaderboardPeriod)
    ? (rawPeriod as LeaderboardPeriod)
    : "monthly";
  const set = (next: Partial<{ tab: Tab; type: GiverType | ReceiverType; period: LeaderboardPeriod }>) => {
    // The spec's order (tab, type) then ours (period), so a shared address reads the same.
    const merged = { tab, type: tab === "givers" ? type : receiver, period, ...next };
    // Switching tabs starts on the new tab's first board.
    if (next.tab && next.tab !== tab && !next.type) merged.type = next.tab === "givers" ? "company" : "individual";
    setParams(merged.type === "individual" ? { tab: merged.tab, period: merged.period } : merged, { replace: true });
  };
  return { tab, type, receiver, period, set };
}

/**
 * The person's own place under the board: a jump to their row when the
 * board lists it, their rank when it does not (beyond the top 50), and how
 * the board names them, with the choice to show their username in one tap.
 */
function MyPlace({ mine, inList }: { mine: MyBoardPlace; inList: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const number = numberFormat(i18n.language);
  const showName = () =>
    update.mutate(
      { showOnLeaderboards: true },
      {
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.acts.leaderboards }),
        onError: (error) => showApiError(error),
      },
    );
  return (
    <Card className="mt-4" data-testid="my-place">
      <h2 className="text-lg font-bold">{t("leaderboards.myPlace")}</h2>
      <p className="mt-1 text-slate-700">
        {mine.rank === null
          ? t("leaderboards.notRanked")
          : t("leaderboards.myRank", { rank: number.format(mine.rank), count: mine.acts, formatted: number.format(mine.acts) })}
      </p>
      {inList && (
        <a href="#my-row" className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand-dark underline">
          {t("leaderboards.jumpToMe")}
        </a>
      )}
      {mine.pseudonymous && (
        <div className="mt-3 rounded-xl bg-rose-50 p-3 text-sm text-slate-800">
          <p>{t("leaderboards.pseudonym", { name: mine.name })}</p>
          <Button variant="secondary" className="mt-2" onClick={showName} disabled={update.isPending}>
            {t("leaderboards.showMyName")}
          </Button>
        </div>
      )}
    </Card>
  );
}

/**
 * The board itself. Memoised, and given a deferred copy of the answer (the
 * page below): a board arriving is drawn in short slices a phone can
 * interrupt, and the session arriving does not draw it again.
 */
const BoardTable = memo(function BoardTable({
  rows,
  board,
  mineKey,
}: {
  rows: LeaderboardRow[];
  board: LeaderboardBoard;
  mineKey: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  return (
    <table className="w-full border-separate border-spacing-y-1" data-testid="leaderboard">
      <caption className="sr-only">{t("leaderboards.caption")}</caption>
      <thead>
        <tr className="text-left text-sm text-slate-700">
          <th scope="col" className="w-12 px-2">
            {t("leaderboards.rank")}
          </th>
          <th scope="col" className="px-2">
            {t("leaderboards.name")}
          </th>
          <th scope="col" className="px-2 text-right">
            {t("leaderboards.acts")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.id}
            id={row.id === mineKey ? "my-row" : undefined}
            aria-current={row.id === mineKey ? "true" : undefined}
            className={row.id === mineKey ? "bg-rose-100 font-semibold ring-2 ring-brand" : "bg-white"}
          >
            <td className="rounded-l-xl px-2 py-2 font-bold text-brand">{row.rank}</td>
            <td className="px-2 py-2">
              {board === "country" ? (
                <span className="flex items-center gap-2">
                  <CountryBadge code={row.id} language={i18n.language} />
                  {countryName(row.id, i18n.language)}
                </span>
              ) : isTeamBoard(board) ? (
                <Link to={`/teams/${row.id}`} className="font-medium text-slate-900 underline decoration-rose-300 underline-offset-2">
                  {row.name}
                </Link>
              ) : (
                <span>
                  {row.name}
                  {row.id === mineKey && (
                    <span className="ml-2 rounded-full bg-brand px-2 py-0.5 text-xs font-bold text-white">{t("leaderboards.you")}</span>
                  )}
                  {row.country && (
                    <span className="ml-2">
                      <CountryBadge code={row.country} language={i18n.language} />
                    </span>
                  )}
                  {row.industry && <span className="block text-sm text-slate-700">{row.industry}</span>}
                </span>
              )}
            </td>
            <td className="rounded-r-xl px-2 py-2 text-right tabular-nums">{number.format(row.acts)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
});

export default function LeaderboardsPage() {
  const { t } = useTranslation();
  const { tab, type, receiver, period, set } = useBoardParams();
  const board: LeaderboardBoard = tab === "receivers" ? receiver : type;
  const query = useLeaderboard(board, period);
  const { user } = useSession();
  // "You" is marked on the individual board: the person's own row comes from the server by its key.
  const mine = useMyBoardPlace(period, Boolean(user) && board === "individual").data;
  const myRowShown = Boolean(mine && query.data?.rows.some((row) => row.id === mine.key));
  // The board and its rows change together, so a board is never drawn with another's rows.
  const shown = useDeferredValue(useMemo(() => ({ board, rows: query.data?.rows }), [board, query.data]));
  return (
    <Page>
      <PageTitle intro={t("leaderboards.intro")}>{t("leaderboards.title")}</PageTitle>
      <div className="space-y-3">
        <Segmented
          label={t("leaderboards.tabs")}
          value={tab}
          onChange={(value) => set({ tab: value })}
          options={[
            { value: "receivers", label: t("leaderboards.receivers") },
            { value: "givers", label: t("leaderboards.givers") },
          ]}
        />
        {tab === "receivers" ? (
          <Segmented
            label={t("leaderboards.receiverBoards")}
            value={receiver}
            onChange={(value) => set({ type: value })}
            options={RECEIVER_TYPES.map((value) => ({ value, label: t(`leaderboards.${value}`) }))}
          />
        ) : (
          <Segmented
            label={t("leaderboards.giverBoards")}
            value={type}
            onChange={(value) => set({ type: value })}
            options={GIVER_TYPES.map((value) => ({ value, label: t(`leaderboards.${value}`) }))}
          />
        )}
        <Segmented
          label={t("leaderboards.periods")}
          value={period}
          onChange={(value) => set({ period: value })}
          options={LEADERBOARD_PERIODS.map((value) => ({ value, label: t(`leaderboards.period.${value}`) }))}
        />
      </div>
      <div className="mt-6">
        {query.isError ? (
          <p role="alert">{t("leaderboards.loadFailed")}</p>
        ) : !shown.rows ? (
          <LoadingState label={t("common.loading")} />
        ) : shown.rows.length === 0 && !mine?.rank ? (
          <p className="rounded-2xl bg-rose-50 p-6 text-center text-slate-700">
            {t(isTeamBoard(shown.board) ? "leaderboards.emptyTeams" : "leaderboards.empty")}
          </p>
        ) : (
          <BoardTable rows={shown.rows} board={shown.board} mineKey={mine?.key} />
        )}
      </div>
      {mine && <MyPlace mine={mine} inList={myRowShown} />}
    </Page>
  );
}

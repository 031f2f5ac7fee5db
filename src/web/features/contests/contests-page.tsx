import { dailyLimitVars } from "../../../shared/acts/daily-limit.js";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CalendarClock, Gift, QrCode, ShieldCheck, Ticket } from "lucide-react";
import type { ContestView } from "../../../shared/schemas/contests.js";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { usePastContests } from "./api/contest-draw.js";
import { useContests } from "./api/get-contests.js";
import { dateFormat, numberFormat } from "../../../shared/i18n/format.js";

/** Contests that have ended, each with a link to its draw. */
function PastContests() {
  const { t, i18n } = useTranslation();
  const past = usePastContests();
  const date = dateFormat(i18n.language, { dateStyle: "long" });
  if (!past.data || past.data.contests.length === 0) return null;
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("contestDraw.past")}</h2>
      <ul className="mt-2 space-y-2">
        {past.data.contests.map((contest) => (
          <li key={contest.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <span className="font-semibold">{contest.name}</span> ·{" "}
              {contest.drawnAt
                ? t("contestDraw.pastDrawn", { date: date.format(new Date(contest.drawnAt)) })
                : t("contestDraw.pastWaiting")}
            </span>
            <Link className="inline-flex min-h-11 items-center font-semibold text-brand underline" to={`/contests/${contest.id}/draw`}>
              {t("contestDraw.pastLink", { name: contest.name })}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Prizes({ contest }: { contest: ContestView }) {
  const { t } = useTranslation();
  return (
    <>
      <h3 className="mt-4 font-semibold">{t("contests.prizes")}</h3>
      {contest.prizes.length === 0 ? (
        <p className="text-slate-700">{t("contests.noPrizes")}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {contest.prizes.map((prize) => (
            <li key={prize.category} className="rounded-xl bg-rose-50 p-3">
              <p className="font-semibold">{prize.category}</p>
              <p className="text-slate-700">
                {prize.prize}
                {prize.quantity > 1 && ` × ${prize.quantity}`}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** docs/spec/participant.md §Contests: the contest after the running one, with its dates and prizes. */
function UpcomingContest({ contest }: { contest: ContestView }) {
  const { t, i18n } = useTranslation();
  const date = dateFormat(i18n.language, { dateStyle: "long" });
  return (
    <Card data-testid="upcoming-contest">
      <p className="text-sm font-semibold uppercase tracking-wide text-sky-900">{t("contests.upcomingTitle")}</p>
      <h2 className="mt-1 flex items-center gap-2 text-lg font-bold">
        <CalendarClock size={20} aria-hidden className="shrink-0 text-brand" />
        {contest.name}
      </h2>
      <p className="mt-1 font-medium">
        {t("contests.startsOn", { start: date.format(new Date(contest.startsAt)), end: date.format(new Date(contest.endsAt)) })}
      </p>
      {contest.description && <p className="mt-2">{contest.description}</p>}
      <Prizes contest={contest} />
    </Card>
  );
}

const RULES = ["rule1", "rule2", "rule3", "rule4", "rule5"] as const;
const EXAMPLES = ["example1", "example2", "example3"] as const;

export default function ContestsPage() {
  const { t, i18n } = useTranslation();
  const query = useContests();
  const date = dateFormat(i18n.language, { dateStyle: "long" });
  const number = numberFormat(i18n.language);
  if (query.isPending) return <LoadingState label={t("common.loading")} />;
  const overview = query.data;
  const contest = overview?.contest ?? null;
  const signedIn = overview?.myTickets !== null && overview?.myTickets !== undefined;
  return (
    <Page>
      <PageTitle intro={t("contests.intro")}>{t("contests.title")}</PageTitle>
      {query.isError && (
        <p role="alert" className="mb-4">
          {t("contests.loadFailed")}
        </p>
      )}
      <div className="grid gap-4">
        {signedIn && (
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-bold">
              <Ticket size={20} aria-hidden className="text-brand" />
              {t("contests.myTickets")}
            </h2>
            <p className="mt-2 text-3xl font-extrabold text-brand" data-testid="my-tickets">
              {number.format(overview!.myTickets!)}
            </p>
            <p className="text-slate-700">{t("contests.myTicketsBody", { total: number.format(overview!.myTotalTickets ?? 0) })}</p>
          </Card>
        )}
        <Card>
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Gift size={20} aria-hidden className="text-brand" />
            {contest ? contest.name : t("contests.none")}
          </h2>
          {contest ? (
            <>
              <p className="mt-1 font-medium">
                {contest.status === "active"
                  ? t("contests.endsOn", { date: date.format(new Date(contest.endsAt)) })
                  : t("contests.startsOn", { start: date.format(new Date(contest.startsAt)), end: date.format(new Date(contest.endsAt)) })}
              </p>
              {contest.description && <p className="mt-2">{contest.description}</p>}
              <span
                className={`mt-2 inline-block rounded-full px-3 py-1 text-sm font-semibold ${contest.status === "active" ? "bg-emerald-100 text-emerald-900" : "bg-sky-100 text-sky-900"}`}
              >
                {t(`contests.status.${contest.status}`)}
              </span>
              <Prizes contest={contest} />
            </>
          ) : (
            <p className="mt-2 text-slate-700">{t("contests.noneBody")}</p>
          )}
        </Card>
        {overview?.upcoming && <UpcomingContest contest={overview.upcoming} />}
        {contest && (
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-bold">
              <ShieldCheck size={20} aria-hidden className="text-brand" />
              {t("contestDraw.cardTitle")}
            </h2>
            <p className="mt-2 text-slate-700">{t("contestDraw.cardBody")}</p>
            <Link className="mt-2 inline-flex min-h-11 items-center font-semibold text-brand underline" to={`/contests/${contest.id}/draw`}>
              {t("contestDraw.cardLink")}
            </Link>
          </Card>
        )}
        <PastContests />
        <Card>
          <h2 className="text-lg font-bold">{t("contests.rulesTitle")}</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5">
            {RULES.map((key) => (
              <li key={key}>{t(`contests.${key}`, dailyLimitVars)}</li>
            ))}
          </ol>
          <p className="mt-3 text-slate-700">{t("contests.winners")}</p>
        </Card>
        <Card>
          <h2 className="text-lg font-bold">{t("contests.examplesTitle")}</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5">
            {EXAMPLES.map((key) => (
              <li key={key}>{t(`contests.${key}`)}</li>
            ))}
          </ul>
        </Card>
        <Card className="text-center">
          <QrCode size={32} aria-hidden className="mx-auto text-brand" />
          <p className="mt-2 font-semibold">{signedIn ? t("contests.ctaScan") : t("contests.ctaSignUp")}</p>
          <ButtonLink to={signedIn ? "/scan" : "/auth?tab=signup"} className="mt-3">
            {signedIn ? t("contests.ctaScanButton") : t("contests.ctaSignUpButton")}
          </ButtonLink>
        </Card>
      </div>
    </Page>
  );
}

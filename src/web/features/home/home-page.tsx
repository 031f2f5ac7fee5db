import { lazy, memo, Suspense, useDeferredValue } from "react";
import { useTranslation } from "react-i18next";
import { Building2, Heart, LayoutDashboard, LogIn, QrCode, UserPlus } from "lucide-react";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, Page } from "../../components/ui/card.js";
import { greetingName } from "../../lib/greeting-name.js";
import { DASHBOARD_PATH } from "../../lib/onboarding-state.js";
import { useSession } from "../../lib/session.js";
import { useGlobalStats } from "./api/get-global-stats.js";
import { GlobalCounter, GoalProgress, QuickStats, TopTeams } from "./home-stats.js";
import { LiveFeed } from "./live-feed.js";
// The person's own part loads only for someone signed in: a visitor's first page does not carry it.
const MyHomeSection = lazy(() => import("./my-home.js").then((module) => ({ default: module.MyHomeSection })));

/**
 * The movement's counters. Memoised, and drawn from a deferred copy of the
 * answer: the session arriving does not redraw them, and the answer arriving
 * redraws them in short slices a phone can interrupt, not in one long task.
 */
const HomeStats = memo(function HomeStats() {
  const { t } = useTranslation();
  const query = useGlobalStats();
  const stats = useDeferredValue(query.data);
  return (
    <>
      <GlobalCounter stats={stats} />
      {stats && (
        <>
          <QuickStats stats={stats} />
          <GoalProgress stats={stats} />
          <TopTeams stats={stats} />
        </>
      )}
      {query.isError && <p className="text-slate-700">{t("home.statsFailed")}</p>}
    </>
  );
});

export function HomePage() {
  const { t } = useTranslation();
  const { user, isLoading } = useSession();
  return (
    <Page>
      <section className="mb-6 rounded-3xl bg-gradient-to-br from-rose-600 to-pink-500 p-6 text-white">
        <Heart size={36} aria-hidden />
        <h1 className="mt-3 text-3xl font-extrabold break-words">
          {user ? t("home.welcome", { username: greetingName(user, t) }) : t("home.heroTitle")}
        </h1>
        <p className="mt-2 text-rose-50">{user ? t("home.welcomeBody") : t("home.heroBody")}</p>
        {user && (
          <div className="mt-4 flex flex-wrap gap-2">
            {/* Someone who runs an organisation came for its dashboard: it comes first. */}
            {user.hasOrganizationDashboard && (
              <ButtonLink to={DASHBOARD_PATH} variant="secondary">
                <LayoutDashboard size={18} aria-hidden />
                {t("home.dashboardButton")}
              </ButtonLink>
            )}
            <ButtonLink to="/scan" variant="secondary">
              <QrCode size={18} aria-hidden />
              {t("home.howToScan")}
            </ButtonLink>
          </div>
        )}
      </section>
      {/* Kept in place (hidden) while the session is unknown, so nothing below moves when it arrives. */}
      {!user && (
        <div className={`grid gap-4 sm:grid-cols-2 ${isLoading ? "invisible" : ""}`}>
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-bold">
              <LogIn size={20} className="text-brand" aria-hidden />
              {t("home.signInTitle")}
            </h2>
            <p className="mt-1 text-slate-700">{t("home.signInBody")}</p>
            <ButtonLink to="/auth" className="mt-4 w-full">
              {t("home.signInButton")}
            </ButtonLink>
          </Card>
          <Card>
            <h2 className="flex items-center gap-2 text-lg font-bold">
              <UserPlus size={20} className="text-brand" aria-hidden />
              {t("home.registerTitle")}
            </h2>
            <p className="mt-1 text-slate-700">{t("home.registerBody")}</p>
            <ButtonLink to="/auth?tab=signup" variant="secondary" className="mt-4 w-full">
              {t("home.registerButton")}
            </ButtonLink>
          </Card>
        </div>
      )}
      {user && (
        <Suspense fallback={<div className="mb-6 min-h-40" aria-busy="true" />}>
          <MyHomeSection />
        </Suspense>
      )}
      <div className="mt-6 grid gap-4">
        <HomeStats />
        <LiveFeed />
      </div>
      <Card className="mt-6">
        <h2 className="text-lg font-bold">{t("home.howTitle")}</h2>
        <ol className="mt-3 space-y-2">
          {(["how1", "how2", "how3"] as const).map((key, index) => (
            <li key={key} className="flex gap-3">
              <span
                className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand text-sm font-bold text-white"
                aria-hidden
              >
                {index + 1}
              </span>
              {t(`home.${key}`)}
            </li>
          ))}
        </ol>
      </Card>
      {/* Last for a participant: registering an organisation is the occasional visitor's errand, not the next step;
          someone whose organisation is here already has its dashboard above. */}
      {user && !user.hasOrganizationDashboard && (
        <Card className="mt-6">
          <h2 className="flex items-center gap-2 text-lg font-bold">
            <Building2 size={20} className="text-brand" aria-hidden />
            {t("home.orgTitle")}
          </h2>
          <p className="mt-1 text-slate-700">{t("home.orgBody")}</p>
          <ButtonLink to="/register-organization" variant="secondary" className="mt-4">
            {t("home.orgButton")}
          </ButtonLink>
        </Card>
      )}
    </Page>
  );
}

import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { LoadingState } from "../components/ui/card.js";
import { HomePage } from "../features/home/home-page.js";
import { loadLanguage, loadMessages, type MessageSection } from "../lib/i18n.js";
import { preloadableLazy } from "../lib/preloadable-lazy.js";
import { DocumentTitle } from "./document-title.js";
import { ErrorBoundary } from "./error-screens.js";
import { RequireUser } from "./guards.js";
import { Shell } from "./shell.js";
import { PAGE_LANGUAGES } from "../../shared/i18n/languages.js";

// Home ships in the first bundle; every other page loads on demand (a first
// visit then evaluates no form, schema or country list it does not show).
// (Declarative routes: the data router would add ~17 KB gzip to the first page.)
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
// Pages beyond the first ones bring their own messages (account, pages, organizations and admin .<language>.json).
const withMessages =
  <T,>(section: MessageSection | MessageSection[], load: () => Promise<T>) =>
  () =>
    Promise.all([load(), ...[section].flat().map((name) => loadMessages(name))]).then(([module]) => module);
const withOrganizationMessages = <T,>(load: () => Promise<T>) => withMessages("organizations", load);
const loadAuthPage = () => import("../features/auth/pages/auth-page.js");
// The prerendered pages' own: loaded before React adopts the page (preloadPrerenderedPage).
const AuthPage = preloadableLazy(() => loadAuthPage().then((module) => ({ default: module.AuthPage })));
const NotificationSettingsPage = page(() => import("../features/notifications/notification-choices.js"));
const EmailChoicesPage = page(() => import("../features/notifications/email-choices-page.js"));
const ProfilePage = page(() => import("../features/profile/profile-page.js").then((module) => ({ default: module.ProfilePage })));
const ConfirmEmailPage = page(withMessages("account", () => import("../features/auth/pages/confirm-email-page.js")));
const ForgotPasswordPage = page(withMessages("account", () => import("../features/auth/pages/forgot-password-page.js")));
const ResetPasswordPage = page(withMessages("account", () => import("../features/auth/pages/reset-password-page.js")));
const ForgotEmailPage = page(withMessages("account", () => import("../features/auth/pages/forgot-email-page.js")));
const RecoverEmailPage = page(withMessages("account", () => import("../features/auth/pages/recover-email-page.js")));
const OnboardingPage = page(withMessages("pages", () => import("../features/onboarding/onboarding-page.js")));
const FaqPage = page(withMessages("pages", () => import("../features/info/faq-page.js")));
const GameRulesPage = page(withMessages("pages", () => import("../features/info/game-rules-page.js")));
const PrivacyPage = page(withMessages("pages", () => import("../features/info/privacy-page.js")));
const TermsPage = page(withMessages("pages", () => import("../features/info/terms-page.js")));
const ScanPage = page(withMessages("pages", () => import("../features/scan/scan-page.js")));
const ContactPage = page(withMessages("pages", () => import("../features/contact/contact-page.js")));
const MapPage = page(withMessages("pages", () => import("../features/map/map-page.js")));
const DevMailPage = page(withMessages("pages", () => import("../features/dev-outbox/dev-outbox-page.js")));
const ScanQrPage = page(withMessages("pages", () => import("../features/scan/scan-qr-page.js")));
// A printed code's short link reaches the app only when the service worker answered it offline.
const OfflineShortLink = page(
  withMessages("pages", () => import("../features/scan/scan-qr-page.js").then((module) => ({ default: module.OfflineShortLink }))),
);
const ActHistoryPage = page(withMessages("pages", () => import("../features/act-history/act-history-page.js")));
const LeaderboardsPage = preloadableLazy(() => import("../features/leaderboards/leaderboards-page.js"));
const AppLinkPage = page(withMessages("pages", () => import("../features/app-link/app-link-page.js")));
// Always in its own language (French): that language's messages load with it whatever the app's.
const AppLinkV2Page = page(() =>
  withMessages("pages", () => import("../features/app-link/app-link-v2-page.js"))().then(
    async (module) => (await loadLanguage(PAGE_LANGUAGES["/app-link-v2"]!), module),
  ),
);
const ContestsPage = page(withMessages("pages", () => import("../features/contests/contests-page.js")));
const ContestDrawPage = page(withMessages("pages", () => import("../features/contests/contest-draw-page.js")));
const RegisterOrganizationPage = page(withOrganizationMessages(() => import("../features/organizations/register-organization-page.js")));
// The dashboard's location check speaks with the scan page's words (pages).
const OrganizationDashboardPage = lazy(
  withMessages(["organizations", "pages", "workplace"], () => import("../features/organizations/dashboard-page.js")),
);
// The employer's workplace screens, which the dashboard shows (features never
// import each other): many screens few visitors open, loaded when shown.
const DASHBOARD_SLOTS = {
  WellbeingTab: lazy(() => import("../features/workplace/employer/wellbeing-tab.js")),
  WorkplaceAccess: lazy(() =>
    import("../features/workplace/employer/workplace-access-section.js").then((module) => ({ default: module.WorkplaceAccessSection })),
  ),
};
const ChatPage = page(withMessages("community", () => import("../features/community/chat-page.js")));
const GalleryPage = page(withMessages("community", () => import("../features/community/gallery-page.js")));
const LinkExpiredPage = page(() => import("../features/auth/pages/link-expired-page.js"));
const PublicActPage = page(withMessages("pages", () => import("../features/share/public-act-page.js")));
const CardJourneyPage = page(withMessages(["community", "pages"], () => import("../features/card-journeys/card-journey-page.js")));
// The Moderation tab names report reasons with the community's words.
const AdminPage = page(withMessages(["organizations", "admin", "community"], () => import("../features/admin/admin-page.js")));
const WorkplacePage = page(withMessages("workplace", () => import("../features/workplace/workplace-page.js")));
const VerifyCertificatePage = page(withMessages("workplace", () => import("../features/workplace/verify-page.js")));
const SsoContinuePage = page(withMessages("workplace", () => import("../features/workplace/sso-continue-page.js")));
const ItSetupPage = page(withMessages("workplace", () => import("../features/workplace/it-setup-page.js")));
const TeamPage = page(() => import("../features/teams/team-page.js"));
const JoinTeamPage = page(() => import("../features/teams/join-team-page.js"));
const NotFoundPage = page(() => import("./not-found-page.js"));

/**
 * The code a prerendered page needs, loaded before the app adopts its markup:
 * a lazy part still loading when the first update arrives would be replaced
 * by its loading state, and everything below it would jump.
 */
export function preloadPrerenderedPage(pathname: string): Promise<unknown> {
  if (pathname === "/auth") return Promise.all([AuthPage.preload(), loadAuthPage().then((module) => module.preloadAuthPage())]);
  if (pathname === "/leaderboards") return LeaderboardsPage.preload();
  return Promise.resolve();
}

/** A new page starts at the top, unless the address points into it. */
function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** Each page gets its own error boundary, reset when the address changes. */
function PageFrame({ children }: { children: React.ReactNode }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<LoadingState label={t("common.loading")} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** Every page; the browser wraps them in its router, the build's prerender in a static one. */
export function AppRoutes() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <Routes>
        <Route element={<Shell frame={PageFrame} />}>
          <Route index element={<HomePage />} />
          <Route path="auth" element={<AuthPage />} />
          <Route
            path="profile"
            element={
              <RequireUser>
                <ProfilePage />
              </RequireUser>
            }
          />
          <Route
            path="settings/notifications"
            element={
              <RequireUser>
                <NotificationSettingsPage />
              </RequireUser>
            }
          />
          <Route path="email-choices" element={<EmailChoicesPage />} />
          <Route path="auth/confirm" element={<ConfirmEmailPage />} />
          <Route path="forgot-password" element={<ForgotPasswordPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="forgot-email" element={<ForgotEmailPage />} />
          <Route path="recover-email" element={<RecoverEmailPage />} />
          <Route path="onboarding" element={<OnboardingPage />} />
          <Route path="faq" element={<FaqPage />} />
          <Route path="game-rules" element={<GameRulesPage />} />
          <Route path="privacy" element={<PrivacyPage />} />
          <Route path="terms" element={<TermsPage />} />
          <Route path="scan" element={<ScanPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="map" element={<MapPage />} />
          <Route path="scan-qr" element={<ScanQrPage />} />
          <Route path="c/:code" element={<OfflineShortLink />} />
          <Route path="app-link" element={<AppLinkPage />} />
          <Route path="app-link-v2" element={<AppLinkV2Page />} />
          <Route
            path="act-history"
            element={
              <RequireUser>
                <ActHistoryPage />
              </RequireUser>
            }
          />
          <Route path="leaderboards" element={<LeaderboardsPage />} />
          <Route path="teams/join/:invite" element={<JoinTeamPage />} />
          <Route path="teams/:teamId" element={<TeamPage />} />
          <Route path="contests" element={<ContestsPage />} />
          <Route path="contests/:contestId/draw" element={<ContestDrawPage />} />
          <Route path="register-organization" element={<RegisterOrganizationPage />} />
          <Route path="for-organisations" element={<RegisterOrganizationPage />} />
          <Route
            path="business-dashboard"
            element={
              <RequireUser>
                <OrganizationDashboardPage slots={DASHBOARD_SLOTS} />
              </RequireUser>
            }
          />
          <Route path="community-chat" element={<ChatPage />} />
          <Route path="acts-gallery" element={<GalleryPage />} />
          <Route path="cards/:cardId" element={<CardJourneyPage />} />
          <Route path="acts/:number" element={<PublicActPage />} />
          <Route path="l/:id" element={<LinkExpiredPage />} />
          <Route path="workplace-wellbeing" element={<WorkplacePage />} />
          <Route path="sso/continue" element={<SsoContinuePage />} />
          <Route path="it-setup/:token" element={<ItSetupPage />} />
          <Route path="verify" element={<VerifyCertificatePage />} />
          <Route path="verify/:code" element={<VerifyCertificatePage />} />
          <Route path="admin" element={<AdminPage />} />
          <Route path="dev/mail" element={<DevMailPage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

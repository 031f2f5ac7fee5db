import { lazy, Suspense, useEffect, type ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { BrowserRouter, Route, Routes, useLocation } from "react-router";
import { LoadingState } from "../components/ui/card.js";
import { AuthPage, preloadAuthPage } from "../features/auth/pages/auth-page.js";
import { HomePage } from "../features/home/home-page.js";
import { ProfilePage } from "../features/profile/profile-page.js";
import { loadMessages, type MessageSection } from "../lib/i18n.js";
import { ErrorBoundary } from "./error-screens.js";
import { RequireUser } from "./guards.js";
import { Shell } from "./shell.js";

// Home, auth and profile ship in the first bundle; every other page loads on demand.
// (Declarative routes: the data router would add ~17 KB gzip to the first page.)
const page = (load: () => Promise<{ default: ComponentType }>) => lazy(load);
// Information and organisation pages bring their own messages (pages.<language>.json, organizations.<language>.json).
const withMessages =
  <T,>(section: MessageSection, load: () => Promise<T>) =>
  () =>
    Promise.all([load(), loadMessages(section)]).then(([module]) => module);
const withOrganizationMessages = <T,>(load: () => Promise<T>) => withMessages("organizations", load);
const ConfirmEmailPage = page(() => import("../features/auth/pages/confirm-email-page.js"));
const ForgotPasswordPage = page(() => import("../features/auth/pages/forgot-password-page.js"));
const ResetPasswordPage = page(() => import("../features/auth/pages/reset-password-page.js"));
const ForgotEmailPage = page(() => import("../features/auth/pages/forgot-email-page.js"));
const RecoverEmailPage = page(() => import("../features/auth/pages/recover-email-page.js"));
const OnboardingPage = page(withMessages("pages", () => import("../features/onboarding/onboarding-page.js")));
const FaqPage = page(withMessages("pages", () => import("../features/info/faq-page.js")));
const GameRulesPage = page(withMessages("pages", () => import("../features/info/game-rules-page.js")));
const PrivacyPage = page(withMessages("pages", () => import("../features/info/privacy-page.js")));
const TermsPage = page(withMessages("pages", () => import("../features/info/terms-page.js")));
const ScanInfoPage = page(withMessages("pages", () => import("../features/info/scan-info-page.js")));
const ContactPage = page(withMessages("pages", () => import("../features/contact/contact-page.js")));
const MapPage = page(withMessages("pages", () => import("../features/map/map-page.js")));
const DevMailPage = page(withMessages("pages", () => import("../features/dev-mail/dev-mail-page.js")));
const ScanQrPage = page(() => import("../features/scan/scan-qr-page.js"));
const ActHistoryPage = page(withMessages("pages", () => import("../features/act-history/act-history-page.js")));
const loadLeaderboardsPage = () => import("../features/leaderboards/leaderboards-page.js");
const LeaderboardsPage = page(loadLeaderboardsPage);
const ContestsPage = page(() => import("../features/contests/contests-page.js"));
const RegisterOrganizationPage = page(
  withOrganizationMessages(() => import("../features/organization-requests/register-organization-page.js")),
);
const BusinessDashboardPage = page(withOrganizationMessages(() => import("../features/business-dashboard/dashboard-page.js")));
const AdminPage = page(withOrganizationMessages(() => import("../features/admin/admin-page.js")));
const NotFoundPage = page(() => import("./not-found-page.js"));

/**
 * The code a prerendered page needs, loaded before the app adopts its markup:
 * a lazy part still loading when the first update arrives would be replaced
 * by its loading state, and everything below it would jump.
 */
export function preloadPrerenderedPage(pathname: string): Promise<unknown> {
  if (pathname === "/auth") return preloadAuthPage();
  if (pathname === "/leaderboards") return loadLeaderboardsPage();
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
          <Route path="scan" element={<ScanInfoPage />} />
          <Route path="contact" element={<ContactPage />} />
          <Route path="map" element={<MapPage />} />
          <Route path="scan-qr" element={<ScanQrPage />} />
          <Route
            path="act-history"
            element={
              <RequireUser>
                <ActHistoryPage />
              </RequireUser>
            }
          />
          <Route path="leaderboards" element={<LeaderboardsPage />} />
          <Route path="contests" element={<ContestsPage />} />
          <Route path="register-organization" element={<RegisterOrganizationPage />} />
          <Route path="for-organisations" element={<RegisterOrganizationPage />} />
          <Route
            path="business-dashboard"
            element={
              <RequireUser>
                <BusinessDashboardPage />
              </RequireUser>
            }
          />
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

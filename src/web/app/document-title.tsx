import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { TFunction } from "i18next";
import { PAGE_LANGUAGES } from "../../shared/i18n/languages.js";

/**
 * Each page's own document title (WCAG 2.4.2), in the language shown: what
 * a tab, a bookmark or a screen reader announces on arrival. The words are the
 * navigation's where a page has an entry there.
 */
const TITLES: Record<string, string> = {
  "/map": "nav.map",
  "/profile": "nav.profile",
  "/settings/notifications": "titles.notificationSettings",
  "/email-choices": "titles.emailChoices",
  "/scan": "nav.scan",
  "/scan-qr": "titles.scanCard",
  "/auth": "titles.signIn",
  "/auth/confirm": "titles.confirmEmail",
  "/forgot-password": "titles.forgotPassword",
  "/reset-password": "titles.resetPassword",
  "/forgot-email": "titles.forgotEmail",
  "/recover-email": "titles.recoverEmail",
  "/onboarding": "titles.onboarding",
  "/faq": "nav.faq",
  "/game-rules": "nav.gameRules",
  "/privacy": "nav.privacy",
  "/terms": "nav.terms",
  "/contact": "nav.contact",
  "/app-link": "titles.appLink",
  "/app-link-v2": "titles.appLink",
  "/act-history": "nav.actHistory",
  "/leaderboards": "nav.leaderboards",
  "/contests": "nav.contests",
  "/register-organization": "nav.forOrganizations",
  "/for-organisations": "nav.forOrganizations",
  "/business-dashboard": "nav.dashboard",
  "/admin": "nav.admin",
  "/workplace-wellbeing": "nav.workplace",
  "/community-chat": "nav.communityChat",
  "/acts-gallery": "nav.actsGallery",
  "/verify": "titles.verifyCertificate",
  "/sso/continue": "titles.employerSignIn",
  "/dev/mail": "titles.devMail",
};

/** Pages whose address carries an id. */
const PATTERNS: [RegExp, string][] = [
  [/^\/contests\/[^/]+\/draw$/, "titles.contestDraw"],
  [/^\/teams\/join\/[^/]+$/, "titles.joinTeam"],
  [/^\/teams\/[^/]+$/, "titles.team"],
  [/^\/cards\/[^/]+$/, "titles.cardJourney"],
  [/^\/c\/[^/]+$/, "titles.scanCard"],
  [/^\/verify\/[^/]+$/, "titles.verifyCertificate"],
  [/^\/it-setup\/[^/]+$/, "titles.itSetup"],
  [/^\/acts\/\d+$/, "titles.sharedAct"],
  [/^\/l\/[^/]+$/, "titles.linkExpired"],
];

/** The title of the page at `pathname`, e.g. "Leaderboards · Kindly". */
export function documentTitle(pathname: string, t: TFunction): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return t("titles.home");
  const key = TITLES[path] ?? PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ?? "titles.notFound";
  return t("titles.page", { page: t(key as "titles.home") });
}

/** Keeps document.title in step with the address and the language. */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const { t, i18n } = useTranslation();
  useEffect(() => {
    // A page whose language is fixed (/app-link-v2, French) is titled in it, whatever the app's language.
    const fixed = PAGE_LANGUAGES[pathname];
    const write = () => {
      document.title = documentTitle(pathname, fixed ? i18n.getFixedT(fixed) : t);
    };
    write();
    if (!fixed) return;
    // Its language's messages arrive with the page, after this first title (which read keys): titled again then (issue 60).
    i18n.store.on("added", write);
    return () => i18n.store.off("added", write);
  }, [pathname, t, i18n]);
  return null;
}

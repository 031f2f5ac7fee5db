import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import type { Profile } from "../../../../shared/schemas/profile.js";
import { Card, LoadingState, Page } from "../../../components/ui/card.js";
import { changeLanguage, storedLanguage } from "../../../lib/i18n.js";
import { firstStop } from "../../../lib/onboarding-state.js";
import { useKnownSessionUser, useSession, useSetSessionUser } from "../../../lib/session.js";
import { CLAIM_PARAM, SCAN_LINK_PARAMS as SCAN_PARAMS } from "../../../../shared/schemas/scans.js";
import { signInDestination } from "../sign-in-destination.js";
import { claimPath, claimToCarry, storedPendingScan } from "../../../lib/pending-scan.js";
import { preloadableLazy } from "../../../lib/preloadable-lazy.js";
import { Dialog } from "../../../components/ui/dialog.js";
import { WaitingCard } from "../components/waiting-card.js";

// The forms (react-hook-form, the shared schemas, the country list) load with
// the view that shows them, so a first visit to the home page does not pay for them.
const SignInForm = preloadableLazy(() => import("../components/sign-in-form.js"));
/** The form a plain /auth shows, for the prerendered page to adopt without showing a fallback first. */
export const preloadAuthPage = SignInForm.preload;
const SignUpForm = lazy(() => import("../components/sign-up-form.js"));

/**
 * Signed in (already, or just now): newcomers see onboarding first (or their
 * organisation's dashboard), unless they were on their way somewhere (a scan,
 * a page that asked them to sign in).
 */
function signedInTarget(user: Profile, params: URLSearchParams): string {
  // Rendering no markup, this may read the address and this browser's storage at once.
  const claim = claimToCarry(params);
  const { to, explicit } = claim ? { to: claimPath(claim), explicit: true } : signInDestination(params);
  return explicit ? to : firstStop(user);
}

/**
 * Leaves the page once the session says someone is signed in. On its own, so
 * that the session arriving redraws this alone: redrawing the page at once
 * while React still adopts its prerendered form would make React adopt the
 * form in one long task.
 */
function LeaveWhenSignedIn({ params }: { params: URLSearchParams }) {
  const { user } = useSession();
  return user ? <Navigate to={signedInTarget(user, params)} replace /> : null;
}

export function AuthPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const knownUser = useKnownSessionUser();
  const setUser = useSetSessionUser();
  // A scan kept while signed out: after sign-in, its act opens (docs/design.md §4.12).
  // Shown once live: the prerendered page knows neither the address nor this browser's
  // storage. Switched in a transition, not with useHydrated, whose switch redraws at once:
  // this page holds the lazy form, which React would then adopt in one long task.
  const [claim, setClaim] = useState<string | null>(null);
  useEffect(() => {
    const kept = claimToCarry(params);
    startTransition(() => setClaim(kept));
  }, [params]);
  const fromScan = SCAN_PARAMS.every((name) => params.get(name));
  // The place is named only for the scan this browser kept (a link from elsewhere may carry another).
  const stored = claim ? storedPendingScan() : null;
  const keptPlace = stored?.token === claim ? stored.place : undefined;
  // The card first only on the way from the scan (the address names the claim); a later visit to /auth signs in as usual.
  const waiting = stored?.token === claim && stored?.type && params.get(CLAIM_PARAM) === claim ? stored : null;
  const [sheetOpen, setSheetOpen] = useState(false);

  // One function for the page's life: the sign-in form is memoised.
  const onSignedIn = useCallback(
    (signedIn: Profile) => {
      // The account's language follows the user to a new device; a choice made on this device wins.
      if (!storedLanguage()) void changeLanguage(signedIn.languagePreference);
      setUser(signedIn);
    },
    [setUser],
  );
  if (knownUser) return <Navigate to={signedInTarget(knownUser, params)} replace />;

  // Two views of one page, switched by the address so each can be linked to (?tab=signup).
  const view = params.get("tab") === "signup" ? "signup" : "signin";
  const viewLink = (target: "signin" | "signup") => {
    const next = new URLSearchParams(params);
    if (target === "signup") next.set("tab", "signup");
    else next.delete("tab");
    return `?${next.toString()}`;
  };
  const switchClass = (active: boolean) =>
    `flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold ${active ? "bg-white text-brand-dark shadow" : "text-slate-700 hover:text-slate-900"}`;
  const forms = (
    <>
      <nav aria-label={t("auth.title")} className="mb-5 flex gap-1 rounded-xl bg-rose-50 p-1">
        <Link
          to={viewLink("signin")}
          replace
          aria-current={view === "signin" ? "page" : undefined}
          className={switchClass(view === "signin")}
        >
          {t("auth.signInTab")}
        </Link>
        <Link
          to={viewLink("signup")}
          replace
          aria-current={view === "signup" ? "page" : undefined}
          className={switchClass(view === "signup")}
        >
          {t("auth.signUpTab")}
        </Link>
      </nav>
      <h2 className="sr-only">{view === "signup" ? t("auth.signUpTab") : t("auth.signInTab")}</h2>
      <Suspense fallback={<LoadingState label={t("common.loading")} />}>
        {view === "signin" ? <SignInForm onSignedIn={onSignedIn} claim={claim} /> : <SignUpForm claim={claim} />}
      </Suspense>
    </>
  );
  // A card that just reached someone signed out, kept in this browser: the card and its story come first,
  // the forms after, as a sheet over it.
  if (waiting) {
    return (
      <Page narrow>
        <LeaveWhenSignedIn params={params} />
        <WaitingCard waiting={waiting} onKeep={() => setSheetOpen(true)} />
        <Dialog open={sheetOpen} onOpenChange={setSheetOpen} title={t("waiting.sheetTitle")} description={t("waiting.sheetIntro")}>
          {forms}
        </Dialog>
      </Page>
    );
  }
  return (
    <Page narrow>
      <LeaveWhenSignedIn params={params} />
      <h1 className="text-2xl font-bold">{t("auth.title")}</h1>
      <p className="mt-1 text-slate-700">{t("auth.subtitle")}</p>
      {claim && (
        <p role="status" className="mt-4 rounded-xl border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
          {keptPlace ? t("auth.claimNotice", { place: keptPlace }) : t("auth.claimNoticeNoPlace")}
        </p>
      )}
      {fromScan && !claim && (
        <p role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("auth.scanNotice")}
        </p>
      )}
      <Card className="mt-6">{forms}</Card>
      <p className="mt-6 text-center text-sm">
        <Link to="/" className="font-medium text-brand-dark underline-offset-2 hover:underline">
          {t("common.backToHome")}
        </Link>
      </p>
    </Page>
  );
}

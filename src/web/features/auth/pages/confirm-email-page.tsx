import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Navigate, useSearchParams } from "react-router";
import { ButtonLink } from "../../../components/ui/button.js";
import { Card, LoadingState, Page } from "../../../components/ui/card.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";
import { ApiError, errorMessage } from "../../../lib/api.js";
import { needsOnboarding } from "../../../lib/onboarding-state.js";
import { claimPath, claimToCarry } from "../../../lib/pending-scan.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { useSession } from "../../../lib/session.js";
import { useEmailConfirmation } from "../api/confirm-email.js";

/**
 * /auth/confirm: the emailed link. Its first use signs the person in; a scan
 * kept while signed out (the link's `claim`, or this browser's) is recorded
 * then, and the person goes straight to its card (docs/design.md §4.12).
 */
export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const client = useQueryClient();
  const { user } = useSession();
  const token = params.get("token");
  const type = params.get("type");
  const claim = claimToCarry(params);
  const complete = Boolean(token && type);
  const confirmation = useEmailConfirmation(complete ? token : null, claim);
  const signedIn = confirmation.data?.signedIn === true;

  // The server set the session cookie: the app learns who is signed in.
  useEffect(() => {
    if (signedIn) void client.invalidateQueries({ queryKey: queryKeys.session });
  }, [signedIn, client]);

  if (signedIn && claim) return <Navigate to={claimPath(claim)} replace />;

  const signInLink = (
    <ButtonLink to={claim ? `/auth?${new URLSearchParams({ claim }).toString()}` : "/auth"}>{t("confirm.signIn")}</ButtonLink>
  );
  let content;
  if (!complete) {
    content = (
      <StatusPanel tone="error" title={t("confirm.errorTitle")} actions={signInLink}>
        {t("confirm.missing")}
      </StatusPanel>
    );
  } else if (confirmation.isPending) {
    content = <LoadingState label={t("confirm.loading")} />;
  } else if (confirmation.isError) {
    content = (
      <StatusPanel tone="error" title={t("confirm.errorTitle")} actions={signInLink}>
        {/* A refused link gets one explanation; anything else (no network…) says what happened instead. */}
        {confirmation.error instanceof ApiError && confirmation.error.code === "invalid_token"
          ? t("confirm.failed")
          : errorMessage(confirmation.error)}
      </StatusPanel>
    );
  } else if (signedIn) {
    const next = user && needsOnboarding(user) ? "/onboarding" : "/";
    content = (
      <StatusPanel tone="success" title={t("confirm.successTitle")} actions={<ButtonLink to={next}>{t("confirm.continue")}</ButtonLink>}>
        {t("confirm.successSignedIn")}
      </StatusPanel>
    );
  } else {
    // The link was used before: the address is confirmed, nobody is signed in by it again.
    content = (
      <StatusPanel tone="success" title={t("confirm.successTitle")} actions={signInLink}>
        {claim ? t("confirm.signInToOpen") : t("confirm.success")}
      </StatusPanel>
    );
  }
  return (
    <Page narrow>
      <Card>{content}</Card>
    </Page>
  );
}

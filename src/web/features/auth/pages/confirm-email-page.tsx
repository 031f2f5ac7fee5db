import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Navigate, useSearchParams } from "react-router";
import { ButtonLink } from "../../../components/ui/button.js";
import { Card, LoadingState, Page } from "../../../components/ui/card.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";
import { ApiError, errorMessage } from "../../../lib/api.js";
import { firstStop } from "../../../lib/onboarding-state.js";
import { forgetDestination, rememberedDestination } from "../after-sign-up.js";
import { claimPath, claimToCarry } from "../../../lib/pending-scan.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { useSession } from "../../../lib/session.js";
import { useEmailConfirmation } from "../api/confirm-email.js";
import { useEmailChangeConfirmation } from "../api/email-recovery.js";

/**
 * /auth/confirm: the emailed link. Its first use signs the person in; a scan
 * kept while signed out (the link's `claim`, or this browser's) is recorded
 * then, and the person goes straight to its card (docs/design.md §4.12).
 * `type=email-change` is the link a recovery mails to a new address instead.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  return params.get("type") === "email-change" ? <EmailChangeConfirmation token={params.get("token")} /> : <SignUpConfirmation />;
}

/** The move to a new address: done once, every device signed out, so the next step is signing in with it. */
function EmailChangeConfirmation({ token }: { token: string | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useEmailChangeConfirmation(token);
  const moved = change.isSuccess;
  // This browser's session ended with the others: the app learns it is signed out.
  useEffect(() => {
    if (moved) void client.invalidateQueries({ queryKey: queryKeys.session });
  }, [moved, client]);
  const signInLink = <ButtonLink to="/auth">{t("confirm.signIn")}</ButtonLink>;
  let content;
  if (!token) {
    content = (
      <StatusPanel tone="error" title={t("confirm.errorTitle")} actions={signInLink}>
        {t("confirm.missing")}
      </StatusPanel>
    );
  } else if (change.isPending) {
    content = <LoadingState label={t("confirm.emailChangeLoading")} />;
  } else if (change.isError) {
    content = (
      <StatusPanel
        tone="error"
        title={t("confirm.errorTitle")}
        actions={<ButtonLink to="/forgot-email">{t("recoverEmail.requestNew")}</ButtonLink>}
      >
        {errorMessage(change.error)}
      </StatusPanel>
    );
  } else {
    content = (
      <StatusPanel tone="success" title={t("confirm.emailChangedTitle")} actions={signInLink}>
        {t("confirm.emailChanged", { email: change.data.email, username: change.data.username })}
      </StatusPanel>
    );
  }
  return (
    <Page narrow>
      <Card>{content}</Card>
    </Page>
  );
}

function SignUpConfirmation() {
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
  // Where this browser was going when it signed up (forgotten once the person goes on).
  const [destination] = useState(() => rememberedDestination());

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
  } else if (signedIn && !user) {
    // Where to continue depends on who this is (an organisation's new owner goes to its dashboard).
    content = <LoadingState label={t("confirm.loading")} />;
  } else if (signedIn && user) {
    const next = destination ?? firstStop(user);
    content = (
      <StatusPanel
        tone="success"
        title={t("confirm.successTitle")}
        actions={
          <ButtonLink to={next} onClick={forgetDestination}>
            {t("confirm.continue")}
          </ButtonLink>
        }
      >
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

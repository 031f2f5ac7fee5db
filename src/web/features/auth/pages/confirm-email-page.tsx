import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ButtonLink } from "../../../components/ui/button.js";
import { Card, LoadingState, Page } from "../../../components/ui/card.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";
import { ApiError, errorMessage } from "../../../lib/api.js";
import { useEmailConfirmation } from "../api/confirm-email.js";

export default function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get("token");
  const type = params.get("type");
  const complete = Boolean(token && type);
  const confirmation = useEmailConfirmation(complete ? token : null);

  const backToLogin = <ButtonLink to="/auth">{t("common.backToLogin")}</ButtonLink>;
  let content;
  if (!complete) {
    content = (
      <StatusPanel tone="error" title={t("confirm.errorTitle")} actions={backToLogin}>
        {t("confirm.missing")}
      </StatusPanel>
    );
  } else if (confirmation.isPending) {
    content = <LoadingState label={t("confirm.loading")} />;
  } else if (confirmation.isError) {
    content = (
      <StatusPanel tone="error" title={t("confirm.errorTitle")} actions={backToLogin}>
        {/* A refused link gets one explanation; anything else (no network…) says what happened instead. */}
        {confirmation.error instanceof ApiError && confirmation.error.code === "invalid_token"
          ? t("confirm.failed")
          : errorMessage(confirmation.error)}
      </StatusPanel>
    );
  } else {
    content = (
      <StatusPanel tone="success" title={t("confirm.successTitle")} actions={<ButtonLink to="/auth">{t("confirm.signIn")}</ButtonLink>}>
        {t("confirm.success")}
      </StatusPanel>
    );
  }
  return (
    <Page narrow>
      <Card>{content}</Card>
    </Page>
  );
}

import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../../components/ui/button.js";
import { Card, Page } from "../../../components/ui/card.js";
import { StatusPanel } from "../../../components/ui/status-panel.js";

/** /l/<id> that leads nowhere (the server answers known ones with a redirect): an emailed link, expired or mistyped. */
export default function LinkExpiredPage() {
  const { t } = useTranslation();
  return (
    <Page narrow>
      <Card>
        <StatusPanel
          tone="error"
          title={t("linkExpired.title")}
          actions={
            <>
              <ButtonLink to="/auth">{t("linkExpired.signIn")}</ButtonLink>
              <ButtonLink to="/" variant="secondary">
                {t("common.goHome")}
              </ButtonLink>
            </>
          }
        >
          {t("linkExpired.body")}
        </StatusPanel>
      </Card>
    </Page>
  );
}

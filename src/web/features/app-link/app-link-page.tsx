import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { Card, Page, PageTitle } from "../../components/ui/card.js";
import { detectDevice } from "./device.js";
import { Handoff } from "./handoff.js";

/**
 * /app-link (docs/spec/organisation.md, App-handoff pages): needs org and loc
 * (else home); type and name are optional. Offers the app, or the browser
 * at /scan-qr with the same query.
 */
export default function AppLinkPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  if (!params.get("org") || !params.get("loc")) return <Navigate to="/" replace />;
  const device = detectDevice(navigator.userAgent, navigator.maxTouchPoints);
  const name = params.get("name");
  return (
    <Page narrow>
      <PageTitle intro={name ? t("appLink.intro", { name }) : t("appLink.introNoName")}>{t("appLink.title")}</PageTitle>
      <Card className="space-y-4">
        <p className="text-sm text-slate-700">
          {device === "android" ? t("appLink.deviceAndroid") : device === "ios" ? t("appLink.deviceIos") : t("appLink.deviceDesktop")}
        </p>
        <Handoff t={t} device={device} query={params.toString()} alwaysShowChoices={false} />
      </Card>
    </Page>
  );
}

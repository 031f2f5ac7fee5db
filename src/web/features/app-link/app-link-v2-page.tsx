import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { AlertTriangle, MapPin } from "lucide-react";
import { Card, Page } from "../../components/ui/card.js";
import { parseScanLink } from "../../lib/scan-link.js";
import { detectDevice } from "./device.js";
import { Handoff } from "./handoff.js";
import { PAGE_LANGUAGES } from "../../../shared/i18n/languages.js";

const LANGUAGE = PAGE_LANGUAGES["/app-link-v2"]!;

/**
 * /app-link-v2 (docs/spec/organisation.md, App-handoff pages): a printed
 * code's landing page, always in French. It needs org, loc, type and name
 * (else the invalid-QR message), shows the place and its type, and the ways
 * to open the code; on a phone the app comes first.
 */
export default function AppLinkV2Page() {
  const { i18n } = useTranslation();
  const t = i18n.getFixedT(LANGUAGE);
  const [params] = useSearchParams();
  const link = parseScanLink(params);
  if (!link) {
    return (
      <Page narrow>
        <Card lang={LANGUAGE} role="alert" className="space-y-3 text-center">
          <AlertTriangle size={40} aria-hidden className="mx-auto text-brand" />
          <h1 className="text-2xl font-bold">{t("scan.invalidTitle")}</h1>
          <p className="text-slate-700">{t("scan.invalidBody")}</p>
          <Link className="inline-flex min-h-11 items-center rounded-lg bg-brand px-4 font-semibold text-white hover:bg-brand-dark" to="/">
            {t("appLink.goHome")}
          </Link>
        </Card>
      </Page>
    );
  }
  const device = detectDevice(navigator.userAgent, navigator.maxTouchPoints);
  return (
    <Page narrow>
      <div lang={LANGUAGE} className="space-y-4">
        <header className="space-y-2">
          <h1 className="text-2xl font-bold">{t("appLink.title")}</h1>
          <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            <MapPin size={20} aria-hidden className="text-brand" />
            <span>{link.name}</span>
            <span className="rounded-full bg-rose-100 px-3 py-0.5 text-sm font-semibold text-rose-900">{t(`cardType.${link.type}`)}</span>
          </p>
        </header>
        <Card className="space-y-4">
          <p className="text-slate-700">{t("appLink.intro", { name: link.name })}</p>
          <Handoff t={t} device={device} query={params.toString()} alwaysShowChoices={device === "desktop"} />
        </Card>
      </div>
    </Page>
  );
}

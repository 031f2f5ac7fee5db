import { useState } from "react";
import type { TFunction } from "i18next";
import { Download, ExternalLink, Globe, Smartphone } from "lucide-react";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { promptInstall, useCanInstall } from "../../lib/install-prompt.js";
import { usePublicConfig } from "../../lib/public-config.js";
import type { Device } from "./device.js";
import { nativeAppUrl, tryOpenApp } from "./open-native-app.js";

const LINK =
  "inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-900 hover:bg-slate-50";

/** "Install the app": the browser's own install dialog when it offers one, else how to do it from its menu. */
function InstallApp({ t }: { t: TFunction }) {
  const canInstall = useCanInstall();
  const [help, setHelp] = useState<string | null>(null);
  const install = async () => {
    const outcome = canInstall ? await promptInstall() : "unavailable";
    setHelp(outcome === "accepted" ? t("appLink.installed") : outcome === "unavailable" ? t("appLink.installHelp") : null);
  };
  return (
    <div className="space-y-2">
      <Button variant="secondary" className="w-full" onClick={() => void install()}>
        <Download size={18} aria-hidden />
        {t("appLink.installApp")}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {help}
      </p>
    </div>
  );
}

/**
 * The ways to open a printed code, for the device at hand: the native app
 * (when one is published) with a 2-second fallback to the other choices, the
 * stores, the web app at /scan-qr with the same code, and the official site.
 * Without a native app, Kindly's web app is the app, and "install" installs it.
 */
export function Handoff({
  t,
  device,
  query,
  alwaysShowChoices,
}: {
  t: TFunction;
  device: Device;
  query: string;
  alwaysShowChoices: boolean;
}) {
  const config = usePublicConfig();
  const nativeApp = config.data?.nativeApp ?? null;
  const scanPath = `/scan-qr?${query}`;
  const appUrl = nativeAppUrl(nativeApp, device, query, `${window.location.origin}${scanPath}`);
  const [attempt, setAttempt] = useState<"idle" | "opening" | "failed">("idle");
  const openApp = () => {
    if (!appUrl) return;
    setAttempt("opening");
    tryOpenApp(appUrl, () => setAttempt("failed"));
  };
  const showChoices = alwaysShowChoices || device === "desktop" || attempt === "failed" || !appUrl;
  return (
    <div className="space-y-3">
      {device !== "desktop" &&
        (appUrl ? (
          <Button className="w-full" onClick={openApp} disabled={attempt === "opening"}>
            <Smartphone size={18} aria-hidden />
            {attempt === "opening" ? t("appLink.opening") : t("appLink.openApp")}
          </Button>
        ) : (
          <ButtonLink className="w-full" to={scanPath}>
            <Smartphone size={18} aria-hidden />
            {t("appLink.openKindly")}
          </ButtonLink>
        ))}
      {attempt === "failed" && (
        <p role="status" className="font-semibold">
          {t("appLink.notOpened")}
        </p>
      )}
      {showChoices && (
        <section aria-label={t("appLink.choices")} className="space-y-2">
          {nativeApp?.playStoreUrl && device !== "ios" && (
            <a className={LINK} href={nativeApp.playStoreUrl}>
              <ExternalLink size={18} aria-hidden />
              {t("appLink.androidStore")}
            </a>
          )}
          {nativeApp?.appStoreUrl && device !== "android" && (
            <a className={LINK} href={nativeApp.appStoreUrl}>
              <ExternalLink size={18} aria-hidden />
              {t("appLink.iosStore")}
            </a>
          )}
          {!nativeApp?.playStoreUrl && !nativeApp?.appStoreUrl && <InstallApp t={t} />}
          <ButtonLink variant="secondary" className="w-full" to={scanPath}>
            <Globe size={18} aria-hidden />
            {device === "desktop" ? t("appLink.continueBrowser") : t("appLink.webApp")}
          </ButtonLink>
          {config.data && (
            <a className={LINK} href={config.data.officialWebsite}>
              <ExternalLink size={18} aria-hidden />
              {t("appLink.website")}
            </a>
          )}
        </section>
      )}
    </div>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { CloudOff } from "lucide-react";
import type { ScanRequest } from "../../../shared/schemas/scans.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { forgetSavedScan, saveScan, type SavedScan } from "../../lib/saved-scans.js";
import { useSavedScans } from "../../lib/use-saved-scans.js";
import { useDevicePosition } from "../../lib/use-device-position.js";
import { scanCodeOf, type ScanLink } from "../../lib/scan-link.js";
import { RecordedAct } from "./recorded-act.js";
import { LocationStep } from "./location-step.js";
import { ScanFailed } from "./scan-refusal.js";

type Frame = React.ComponentType<{ children: React.ReactNode }>;

/**
 * A scan saved on this device: while it waits, "saved, will be sent" with
 * how many wait; once recorded, its card in its envelope, opened with one
 * tap (then the device forgets it); refused, why.
 */
export function SavedScanView({ savedKey, frame: Frame }: { savedKey: string; frame: Frame }) {
  const { t } = useTranslation();
  const scans = useSavedScans(true);
  const [opened, setOpened] = useState<SavedScan | null>(null);
  const scan = opened ?? scans?.find((s) => s.key === savedKey);
  if (!scans)
    return (
      <Frame>
        <LoadingState label={t("savedScans.reading")} />
      </Frame>
    );
  if (!scan)
    return (
      <Frame>
        <ScanFailed message={t("savedScans.gone")} />
      </Frame>
    );
  if (scan.state === "refused")
    return (
      <Frame>
        <ScanFailed message={t("savedScans.refused", { place: scan.place, reason: scan.refusal })} />
      </Frame>
    );
  if (scan.state === "recorded" && scan.result) {
    return (
      <Frame>
        <RecordedAct
          place={scan.result.organizationName}
          result={scan.result}
          onOpened={() => {
            setOpened(scan);
            void forgetSavedScan(scan.key);
          }}
        />
      </Frame>
    );
  }
  const waiting = scans.filter((s) => s.state === "waiting").length;
  return (
    <Frame>
      <Card className="text-center" data-testid="saved-scan">
        <CloudOff size={40} aria-hidden className="mx-auto text-brand" />
        <h1 className="mt-3 text-xl font-bold">{t("savedScans.savedTitle")}</h1>
        <p className="mt-2 text-slate-700">{t("savedScans.savedBody", { place: scan.place })}</p>
        <p role="status" className="mt-3 font-semibold text-slate-900">
          {t("savedScans.waiting", { count: waiting })}
        </p>
      </Card>
    </Frame>
  );
}

/**
 * A code opened without the network: the scan is saved on this device at
 * once (a place's code first asks for the position, which a phone finds
 * without the network), then shown as it waits and, once sent, as its card.
 */
export function OfflineScan({ link, short, frame: Frame }: { link?: ScanLink; short?: string; frame: Frame }) {
  const { t } = useTranslation();
  const position = useDevicePosition();
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const needsPosition = link?.type === "virtual";
  const located = position.state.status === "ready" ? position.state : null;

  useEffect(() => {
    if (savedKey || (needsPosition && !located)) return;
    const request: ScanRequest | undefined = link && {
      ...scanCodeOf(link),
      ...(located ? { lat: located.lat, lon: located.lon } : {}),
      clientTimestamp: new Date().toISOString(),
    };
    void saveScan({ key: crypto.randomUUID(), request, short, place: link?.name ?? t("savedScans.typedCode", { code: short }) }).then(
      (kept) => setSavedKey(kept.key),
    );
  }, [savedKey, needsPosition, located, link, short, t]);

  if (savedKey) return <SavedScanView savedKey={savedKey} frame={Frame} />;
  if (needsPosition && !located)
    return (
      <Frame>
        <LocationStep
          place={link!.name}
          onLocate={position.request}
          locating={position.state.status === "locating"}
          error={position.state.status === "error" ? t(`scan.geo.${position.state.error}`) : null}
          tooFar={null}
        />
      </Frame>
    );
  return (
    <Frame>
      <LoadingState label={t("savedScans.saving")} />
    </Frame>
  );
}

import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { nameIn } from "../../../shared/i18n/localized-text.js";
import { Navigate, useParams, useSearchParams } from "react-router";
import { CLAIM_PARAM, claimTokenSchema, type ScanRequest } from "../../../shared/schemas/scans.js";
import { LoadingState } from "../../components/ui/card.js";
import { useSession } from "../../lib/session.js";
import { isTemporaryFailure } from "../../lib/api.js";
import { ActCard } from "./act-card.js";
import { AfterReveal } from "./after-reveal.js";
import { useScanCheck } from "./api/check-scan.js";
import { useRecordScan } from "./api/record-scan.js";
import { ClaimedAct } from "./claimed-act.js";
import { KeepScanForLater } from "./keep-scan.js";
import { LocationStep } from "./location-step.js";
import { parseScanLink, scanCodeOf, type ScanLink } from "../../lib/scan-link.js";
import { InvalidCode, Refusal } from "./scan-refusal.js";
import { scanStep } from "./scan-step.js";
import { useDevicePosition } from "../../lib/use-device-position.js";
import { forgetSavedScan, saveScan } from "../../lib/saved-scans.js";
import { forgetTap, rememberTap, UNSEEN_PARAM } from "../../lib/unseen-cards.js";
import { UnseenCardView } from "./unseen-card.js";
import { useOnline } from "../../lib/use-saved-scans.js";
import { OfflineScan, SavedScanView } from "./saved-scan.js";

/** The scan screens sit under the app's own header: no second header or back control of their own. */
function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-md px-4 pb-6 pt-2">{children}</div>;
}

/** The parameter of a scan saved on this device, whose card is opened here once recorded. */
export const SAVED_PARAM = "saved";

/**
 * /scan-qr: a printed code's link (`?org&loc&type&name`), a scan kept
 * while signed out (`?claim=`), opened once its person is signed in, or a
 * scan saved on this device without the network (`?saved=`), or a card
 * whose act was recorded and left before it turned over (`?unseen=`).
 */
export default function ScanQrPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSession();
  const claim = params.get(CLAIM_PARAM);
  const saved = params.get(SAVED_PARAM);
  const unseen = params.get(UNSEEN_PARAM);
  if (saved) return <SavedScanView savedKey={saved} frame={Frame} />;
  if (unseen) return <UnseenCardView cardKey={unseen} frame={Frame} />;
  if (claim !== null) {
    if (!claimTokenSchema.safeParse(claim).success)
      return (
        <Frame>
          <InvalidCode />
        </Frame>
      );
    if (session.isLoading)
      return (
        <Frame>
          <LoadingState label={t("scan.verifyingAuth")} />
        </Frame>
      );
    if (!session.user) return <Navigate to={`/auth?${new URLSearchParams({ claim }).toString()}`} replace />;
    return <ClaimedAct token={claim} frame={Frame} />;
  }
  return <ScanCode />;
}

/** /c/<code> opened without the network (the service worker gave the app): the short link is saved, resolved once online. */
export function OfflineShortLink() {
  const { code } = useParams();
  return <OfflineScan short={code} frame={Frame} />;
}

function ScanCode() {
  const online = useOnline();
  // Decided when the page opens: a scan saved offline stays this page's, shown
  // as it waits and then as its card, when the network returns.
  const [openedOffline] = useState(() => !online);
  const [params] = useSearchParams();
  const code = useMemo(() => parseScanLink(params), [params]);
  // Opened without the network: nothing can be checked, so the scan is saved on this device.
  if (openedOffline && code) return <OfflineScan link={code} frame={Frame} />;
  return <OnlineScan code={code} />;
}

function OnlineScan({ code }: { code: ScanLink | null }) {
  const { t, i18n } = useTranslation();
  const session = useSession();
  const position = useDevicePosition();
  const at = position.state.status === "ready" ? { lat: position.state.lat, lon: position.state.lon } : {};
  const check = useScanCheck(code && { ...scanCodeOf(code), ...at }, Boolean(session.user));
  const record = useRecordScan();
  // One key per tap, kept while no answer was final: a tap after the retries
  // gave up may still find the act the lost answer carried.
  const tapKey = useRef<string | null>(null);
  const tapRequest = useRef<ScanRequest | null>(null);
  // A tap whose answer does not come (offline, Kindly unreachable) is also saved
  // on this device with its key: closing the page loses nothing, and whichever
  // sends it first, this page or the saved scans, records one act.
  const waitingForNetwork = record.isPending && (record.isPaused || record.failureCount > 0);
  useEffect(() => {
    if (waitingForNetwork && tapKey.current && tapRequest.current && code) {
      void saveScan({ key: tapKey.current, request: tapRequest.current, place: code.name });
      // The offline queue shows this card once it is sent (SavedScansBanner): one place says it waits.
      forgetTap(tapKey.current);
    }
  }, [waitingForNetwork, code]);

  const step = scanStep({
    link: code,
    session: { isLoading: session.isLoading, signedIn: Boolean(session.user) },
    check: { isPending: check.isPending, error: check.error, data: check.data },
    record: { error: record.error },
    position: position.state,
  });
  if (step.kind === "invalid-link")
    return (
      <Frame>
        <InvalidCode />
      </Frame>
    );
  if (step.kind === "verifying-session")
    return (
      <Frame>
        <LoadingState label={t("scan.verifyingAuth")} />
      </Frame>
    );
  if (step.kind === "keep-for-later") return <KeepScanForLater link={step.link} frame={Frame} />;
  if (step.kind === "checking")
    return (
      <Frame>
        <LoadingState label={t("scan.checking")} />
      </Frame>
    );
  if (step.kind === "refused")
    return (
      <Frame>
        <Refusal error={step.error} />
      </Frame>
    );

  const ready = step.check;
  const location = ready.locationName && nameIn(ready.locationName, ready.locationTranslations, i18n.language);
  const place = location ? `${ready.organizationName} — ${location}` : ready.organizationName;
  if (step.kind === "share-location" || step.kind === "too-far") {
    return (
      <Frame>
        <LocationStep
          place={place}
          onLocate={position.request}
          locating={step.kind === "share-location" && step.locating}
          error={step.kind === "share-location" && step.error ? t(`scan.geo.${step.error}`) : null}
          tooFar={step.kind === "too-far" ? step : null}
        />
      </Frame>
    );
  }

  if (!code) return null; // narrowed for TypeScript: scanStep has already handled it
  // The tap on the envelope records the act (issue 60: one tap saves); its card waits until it is seen.
  const open = () => {
    tapKey.current ??= crypto.randomUUID();
    tapRequest.current ??= { ...scanCodeOf(code), ...at, clientTimestamp: new Date().toISOString() };
    if (session.user) rememberTap({ key: tapKey.current, userId: session.user.id, request: tapRequest.current, place });
    record.mutate(
      { request: tapRequest.current, key: tapKey.current },
      {
        onSettled: (_data, error, { key }) => {
          // Answered here: a copy saved meanwhile has nothing left to send or show.
          if (!error) void forgetSavedScan(key);
          if (!isTemporaryFailure(error)) {
            // A refusal is shown here and now: no card waits for it.
            if (error) forgetTap(key);
            tapKey.current = null;
            tapRequest.current = null;
          }
        },
      },
    );
  };

  return (
    <Frame>
      <h1 className="mb-1 text-center text-xl font-bold">{t("scan.title")}</h1>
      <p className="mb-6 text-center text-slate-700">{place}</p>
      <ActCard
        organizationName={ready.organizationName}
        result={record.data ?? null}
        // Offline (paused) or a failed try waiting for the next: still saving, not failed.
        retrying={waitingForNetwork}
        onOpen={open}
        onRevealed={() => record.variables && forgetTap(record.variables.key)}
      />
      {record.data && <AfterReveal result={record.data} />}
    </Frame>
  );
}

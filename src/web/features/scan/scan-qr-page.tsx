import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { CLAIM_PARAM, claimTokenSchema } from "../../../shared/schemas/scans.js";
import { LoadingState } from "../../components/ui/card.js";
import { useSession } from "../../lib/session.js";
import { ActCard } from "./act-card.js";
import { AfterReveal } from "./after-reveal.js";
import { useScanCheck } from "./api/check-scan.js";
import { useRecordScan } from "./api/record-scan.js";
import { ClaimedAct } from "./claimed-act.js";
import { KeepScanForLater } from "./keep-scan.js";
import { LocationStep } from "./location-step.js";
import { parseScanLink, scanCodeOf } from "../../lib/scan-link.js";
import { InvalidCode, Refusal } from "./scan-refusal.js";
import { scanStep } from "./scan-step.js";
import { useDevicePosition } from "../../lib/use-device-position.js";

/** The scan screens sit under the app's own header: no second header or back control of their own. */
function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-md px-4 pb-6 pt-2">{children}</div>;
}

/**
 * /scan-qr: a printed code's link (`?org&loc&type&name`), or a scan kept
 * while signed out (`?claim=`), opened once its person is signed in.
 */
export default function ScanQrPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const session = useSession();
  const claim = params.get(CLAIM_PARAM);
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

function ScanCode() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = useMemo(() => parseScanLink(params), [params]);
  const session = useSession();
  const position = useDevicePosition();
  const at = position.state.status === "ready" ? { lat: position.state.lat, lon: position.state.lon } : {};
  const check = useScanCheck(code && { ...scanCodeOf(code), ...at }, Boolean(session.user));
  const record = useRecordScan();

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
  const place = ready.locationName ? `${ready.organizationName} — ${ready.locationName}` : ready.organizationName;
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
  const open = () => {
    record.mutate({ ...scanCodeOf(code), ...at, clientTimestamp: new Date().toISOString() });
  };

  return (
    <Frame>
      <h1 className="mb-1 text-center text-xl font-bold">{t("scan.title")}</h1>
      <p className="mb-6 text-center text-slate-700">{place}</p>
      <ActCard organizationName={ready.organizationName} result={record.data ?? null} recording={record.isPending} onOpen={open} />
      {record.data && <AfterReveal result={record.data} />}
    </Frame>
  );
}

import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useSearchParams } from "react-router";
import { ArrowLeft, Award, MapPin } from "lucide-react";
import { toast } from "sonner";
import { CARD_NUMBER_PARAM, SCAN_LINK_PARAMS as SCAN_PARAMS } from "../../../shared/schemas/scans.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { ApiError, errorMessage } from "../../lib/api.js";
import { useSession } from "../../lib/session.js";
import { ActCard } from "./act-card.js";
import { useScanCheck } from "./api/check-scan.js";
import { useRecordScan } from "./api/record-scan.js";
import { parseScanLink, scanCodeOf, scanStep } from "./scan-step.js";
import { useDevicePosition } from "../../lib/use-device-position.js";

const ALREADY_SCANNED = new Set(["already_scanned_location_today", "already_scanned_organisation"]);

function Frame({ children }: { children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-md px-4 pb-6">
      <div className="sticky top-0 z-10 -mx-4 mb-4 border-b border-rose-100 bg-white/95 px-4 py-2 backdrop-blur">
        <Link to="/profile" className="inline-flex min-h-11 items-center gap-2 font-medium text-slate-800 hover:text-brand">
          <ArrowLeft size={18} aria-hidden />
          {t("common.back")}
        </Link>
      </div>
      {children}
    </div>
  );
}

function InvalidCode() {
  const { t } = useTranslation();
  return (
    <Card>
      <StatusPanel tone="error" title={t("scan.invalidTitle")} actions={<ButtonLink to="/profile">{t("scan.goBack")}</ButtonLink>}>
        {t("scan.invalidBody")}
      </StatusPanel>
    </Card>
  );
}

function AlreadyScanned({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <StatusPanel
        tone="error"
        title={t("scan.alreadyScannedTitle")}
        actions={
          <>
            <ButtonLink to="/act-history" variant="secondary">
              {t("nav.actHistory")}
            </ButtonLink>
            <ButtonLink to="/profile">{t("nav.profile")}</ButtonLink>
          </>
        }
      >
        {message}
      </StatusPanel>
    </Card>
  );
}

function ScanFailed({ message }: { message: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <StatusPanel
        tone="error"
        title={t("scan.errorTitle")}
        actions={
          <>
            <Button onClick={() => window.location.reload()}>{t("common.tryAgain")}</Button>
            <ButtonLink to="/profile" variant="secondary">
              {t("common.cancel")}
            </ButtonLink>
          </>
        }
      >
        {message}
      </StatusPanel>
    </Card>
  );
}

/** A refusal from the server, shown the way its code calls for. */
function Refusal({ error }: { error: unknown }) {
  if (error instanceof ApiError && error.code === "invalid_qr") return <InvalidCode />;
  if (error instanceof ApiError && ALREADY_SCANNED.has(error.code)) return <AlreadyScanned message={error.message} />;
  return <ScanFailed message={errorMessage(error)} />;
}

function LocationStep({
  place,
  onLocate,
  locating,
  error,
}: {
  place: string;
  onLocate: () => void;
  locating: boolean;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Card className="text-center">
      <MapPin size={40} aria-hidden className="mx-auto text-brand" />
      <h1 className="mt-3 text-xl font-bold">{t("scan.locationTitle")}</h1>
      <p className="mt-2 text-slate-700">{t("scan.locationBody", { place })}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      <Button onClick={onLocate} disabled={locating} className="mt-4 w-full">
        {locating ? t("scan.locating") : error ? t("common.tryAgain") : t("scan.shareLocation")}
      </Button>
    </Card>
  );
}

export default function ScanQrPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = useMemo(() => parseScanLink(params), [params]);
  const session = useSession();
  const check = useScanCheck(code && scanCodeOf(code), Boolean(session.user));
  const position = useDevicePosition();
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
  if (step.kind === "sign-in-first") {
    const keep = new URLSearchParams(SCAN_PARAMS.map((key) => [key, params.get(key)!]));
    if (code?.card !== undefined) keep.set(CARD_NUMBER_PARAM, String(code.card));
    return <Navigate to={`/auth?${keep.toString()}`} replace />;
  }
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
  if (step.kind === "share-location") {
    return (
      <Frame>
        <LocationStep
          place={place}
          onLocate={position.request}
          locating={step.locating}
          error={step.error ? t(`scan.geo.${step.error}`) : null}
        />
      </Frame>
    );
  }

  if (!code) return null; // narrowed for TypeScript: scanStep has already handled it
  const open = () => {
    const at = position.state.status === "ready" ? { lat: position.state.lat, lon: position.state.lon } : {};
    record.mutate(
      { ...scanCodeOf(code), ...at, clientTimestamp: new Date().toISOString() },
      {
        onSuccess: (result) => {
          for (const id of result.newAchievements) {
            toast.success(t("scan.achievementEarned", { name: t(`achievements.${id}.name` as "achievements.first_record.name") }));
          }
        },
      },
    );
  };

  return (
    <Frame>
      <h1 className="mb-1 text-center text-xl font-bold">{t("scan.title")}</h1>
      <p className="mb-6 text-center text-slate-700">{place}</p>
      <ActCard organizationName={ready.organizationName} result={record.data ?? null} recording={record.isPending} onOpen={open} />
      {record.data && (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <ButtonLink to="/profile">
            <Award size={18} aria-hidden />
            {t("scan.seeProfile")}
          </ButtonLink>
          <ButtonLink to="/" variant="secondary">
            {t("common.goHome")}
          </ButtonLink>
        </div>
      )}
    </Frame>
  );
}

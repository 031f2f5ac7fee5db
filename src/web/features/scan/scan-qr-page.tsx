import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useSearchParams } from "react-router";
import { Award, CalendarClock, Map as MapIcon, MapPin } from "lucide-react";
import { toast } from "sonner";
import { CARD_NUMBER_PARAM, SCAN_LINK_PARAMS as SCAN_PARAMS } from "../../../shared/schemas/scans.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { ApiError, errorMessage } from "../../lib/api.js";
import { needsOnboarding } from "../../lib/onboarding-state.js";
import { useSession } from "../../lib/session.js";
import { ActCard } from "./act-card.js";
import { useScanCheck } from "./api/check-scan.js";
import { useRecordScan } from "./api/record-scan.js";
import { parseScanLink, scanCodeOf } from "../../lib/scan-link.js";
import { scanStep } from "./scan-step.js";
import { useDevicePosition } from "../../lib/use-device-position.js";
import { formatDistance } from "../../lib/format.js";
import { nextNewYorkMidnight } from "../../../shared/acts/new-york-time.js";

const ALREADY_SCANNED = new Set(["already_scanned_location_today", "already_scanned_organisation"]);

/** The scan screens sit under the app's own header: no second header or back control of their own. */
function Frame({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto w-full max-w-md px-4 pb-6 pt-2">{children}</div>;
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

/**
 * A code already used: not a failure, so no red cross. It says when this
 * code can count again (a place: from the next New York midnight; a card:
 * never for this person) and offers the map to find another place.
 */
function AlreadyScanned({ code }: { code: string }) {
  const { t, i18n } = useTranslation();
  const when = new Intl.DateTimeFormat(i18n.language, { weekday: "long", hour: "numeric", minute: "2-digit" }).format(
    nextNewYorkMidnight(new Date()),
  );
  return (
    <Card className="text-center">
      <div role="status">
        <CalendarClock size={44} aria-hidden className="mx-auto text-brand" />
        <h1 className="mt-3 text-2xl font-bold">{t("scan.alreadyScannedTitle")}</h1>
        <p className="mt-2 text-slate-700">
          {code === "already_scanned_location_today" ? t("scan.alreadyPlace", { when }) : t("scan.alreadyCard")}
        </p>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/map">
          <MapIcon size={18} aria-hidden />
          {t("scan.findPlaces")}
        </ButtonLink>
        <ButtonLink to="/act-history" variant="secondary">
          {t("nav.actHistory")}
        </ButtonLink>
      </div>
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
  if (error instanceof ApiError && ALREADY_SCANNED.has(error.code)) return <AlreadyScanned code={error.code} />;
  return <ScanFailed message={errorMessage(error)} />;
}

function LocationStep({
  place,
  onLocate,
  locating,
  error,
  tooFar,
}: {
  place: string;
  onLocate: () => void;
  locating: boolean;
  error: string | null;
  tooFar: { distance: number; radius: number } | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="text-center">
      <MapPin size={40} aria-hidden className="mx-auto text-brand" />
      <h1 className="mt-3 text-xl font-bold">{tooFar ? t("scan.tooFarTitle") : t("scan.locationTitle")}</h1>
      <p className="mt-2 text-slate-700">{t("scan.locationBody", { place })}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      {tooFar && (
        <div role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">
            {t("scan.tooFar", {
              distance: formatDistance(tooFar.distance, i18n.language),
              radius: formatDistance(tooFar.radius, i18n.language),
            })}
          </p>
          <p className="mt-1 text-sm">{t("scan.tooFarHint")}</p>
        </div>
      )}
      <Button onClick={onLocate} disabled={locating} className="mt-4 w-full">
        {locating ? t("scan.locating") : tooFar ? t("scan.checkAgain") : error ? t("common.tryAgain") : t("scan.shareLocation")}
      </Button>
      {tooFar && (
        <ButtonLink to="/map" variant="secondary" className="mt-3 w-full">
          <MapIcon size={18} aria-hidden />
          {t("scan.findPlaces")}
        </ButtonLink>
      )}
    </Card>
  );
}

export default function ScanQrPage() {
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
      {record.data?.journeyId && (
        <Card className="mt-6 text-center">
          <h2 className="text-lg font-bold">{t("scan.journeyTitle")}</h2>
          <p className="mt-1 text-slate-700">{t("scan.journeyBody")}</p>
          <ButtonLink to={`/cards/${record.data.journeyId}`} variant="secondary" className="mt-4">
            {t("scan.journeyLink")}
          </ButtonLink>
        </Card>
      )}
      {/* A newcomer who signed up from a code goes straight to the card; the tour waits until now. */}
      {record.data && session.user && needsOnboarding(session.user) && (
        <Card className="mt-6 text-center">
          <h2 className="text-lg font-bold">{t("scan.tourTitle")}</h2>
          <p className="mt-1 text-slate-700">{t("scan.tourBody")}</p>
          <ButtonLink to="/onboarding" className="mt-4">
            {t("scan.tourStart")}
          </ButtonLink>
        </Card>
      )}
    </Frame>
  );
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { LoadingState } from "../../components/ui/card.js";
import { ApiError } from "../../lib/api.js";
import { rememberPendingScan } from "../../lib/pending-scan.js";
import { scanCodeOf, type ScanLink } from "../../lib/scan-link.js";
import { useDevicePosition } from "../../lib/use-device-position.js";
import { useKeepPendingScan } from "./api/pending-scan.js";
import { LocationStep } from "./location-step.js";
import { Refusal } from "./scan-refusal.js";

/**
 * A code scanned while signed out is kept on the server, not lost
 * (docs/design.md §4.12): a place's position is asked for and judged now,
 * where the person stands; then the person creates an account or signs in,
 * and the act waits for them, in this browser or behind the emailed link.
 */
export function KeepScanForLater({ link, frame: Frame }: { link: ScanLink; frame: React.ComponentType<{ children: React.ReactNode }> }) {
  const { t, i18n } = useTranslation();
  const position = useDevicePosition();
  const keep = useKeepPendingScan();
  const needsPosition = link.type === "virtual";
  const located = position.state.status === "ready" ? position.state : null;

  // Kept as soon as what it needs is known (a place: the position the person shared).
  const { isIdle, mutate } = keep;
  useEffect(() => {
    if (isIdle && (!needsPosition || located)) {
      mutate(
        { ...scanCodeOf(link), ...(located ? { lat: located.lat, lon: located.lon } : {}) },
        {
          onSuccess: (pending) => rememberPendingScan(pending, i18n.language),
        },
      );
    }
  }, [isIdle, mutate, link, needsPosition, located, i18n.language]);

  if (keep.data) {
    const next = new URLSearchParams({ tab: "signup", claim: keep.data.token });
    return <Navigate to={`/auth?${next.toString()}`} replace />;
  }
  const tooFar = keep.error instanceof ApiError && keep.error.code === "out_of_range" ? keep.error.details : undefined;
  if (keep.error && !tooFar)
    return (
      <Frame>
        <Refusal error={keep.error} />
      </Frame>
    );
  if (needsPosition && (!located || tooFar)) {
    return (
      <Frame>
        <LocationStep
          place={link.name}
          onLocate={() => {
            keep.reset();
            position.request();
          }}
          locating={position.state.status === "locating"}
          error={position.state.status === "error" ? t(`scan.geo.${position.state.error}`) : null}
          tooFar={tooFar ? { distance: Number(tooFar.distanceMeters), radius: Number(tooFar.radiusMeters) } : null}
        />
      </Frame>
    );
  }
  return (
    <Frame>
      <LoadingState label={t("claim.keeping")} />
    </Frame>
  );
}

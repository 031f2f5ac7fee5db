import { useTranslation } from "react-i18next";
import { CalendarClock, Map as MapIcon, ScanLine } from "lucide-react";
import { nextNewYorkMidnight } from "../../../shared/acts/new-york-time.js";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { StatusPanel } from "../../components/ui/status-panel.js";
import { ApiError, errorMessage } from "../../lib/api.js";
import { dateFormat } from "../../../shared/i18n/format.js";

const ALREADY_SCANNED = new Set(["already_scanned_location_today", "already_scanned_organisation"]);
/** A kept scan whose code was renewed or retired before the claim. */
const CODE_GONE = new Set(["invalid_qr", "location_not_found"]);
/** A kept scan that can no longer be opened: scanning again is the remedy. */
const CLAIM_GONE = new Set(["claim_expired", "claim_not_found", "claim_used"]);

export function InvalidCode() {
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
  const when = dateFormat(i18n.language, { weekday: "long", hour: "numeric", minute: "2-digit" }).format(nextNewYorkMidnight(new Date()));
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

export function ScanFailed({ message }: { message: string }) {
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

/**
 * A scan kept while signed out that cannot become an act any more (expired,
 * used, its code renewed): said plainly, with what to do instead.
 */
function ClaimGone({ title, body }: { title: string; body: string }) {
  const { t } = useTranslation();
  return (
    <Card className="text-center">
      <div role="status">
        <ScanLine size={44} aria-hidden className="mx-auto text-brand" />
        <h1 className="mt-3 text-2xl font-bold">{title}</h1>
        <p className="mt-2 text-slate-700">{body}</p>
      </div>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/scan">{t("claim.scanAgain")}</ButtonLink>
        <ButtonLink to="/map" variant="secondary">
          <MapIcon size={18} aria-hidden />
          {t("scan.findPlaces")}
        </ButtonLink>
      </div>
    </Card>
  );
}

/** A refusal from the server, shown the way its code calls for; `claimed` when it answered a kept scan's claim. */
export function Refusal({ error, claimed = false }: { error: unknown; claimed?: boolean }) {
  const { t } = useTranslation();
  const code = error instanceof ApiError ? error.code : null;
  if (code && ALREADY_SCANNED.has(code)) return <AlreadyScanned code={code} />;
  if (claimed && code && CODE_GONE.has(code)) return <ClaimGone title={t("claim.codeGoneTitle")} body={t("claim.codeGone")} />;
  if (claimed && code && CLAIM_GONE.has(code)) return <ClaimGone title={t("claim.goneTitle")} body={errorMessage(error)} />;
  if (code === "invalid_qr") return <InvalidCode />;
  return <ScanFailed message={errorMessage(error)} />;
}

import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Card, LoadingState } from "../../components/ui/card.js";
import { refreshAllActViews } from "../../lib/act-queries.js";
import { ApiError } from "../../lib/api.js";
import { forgetPendingScan } from "../../lib/pending-scan.js";
import { RecordedAct } from "./recorded-act.js";
import { useClaimedScan } from "./api/pending-scan.js";
import { Refusal } from "./scan-refusal.js";

/** Refusals that a later try would only repeat: the browser stops keeping the scan. */
const FINAL = new Set([
  "claim_expired",
  "claim_not_found",
  "claim_used",
  "invalid_qr",
  "location_not_found",
  "already_scanned_location_today",
  "already_scanned_organisation",
]);

/**
 * A scan kept while signed out, opened once its person is signed in: the
 * server records the act as this page asks (or already did, as the address
 * was confirmed, and answers with the same act), and the person opens the
 * envelope as if they had just scanned.
 */
export function ClaimedAct({ token, frame: Frame }: { token: string; frame: React.ComponentType<{ children: React.ReactNode }> }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const claim = useClaimedScan(token, true);

  useEffect(() => {
    if (claim.data) {
      forgetPendingScan(token);
      refreshAllActViews(client);
    } else if (claim.error instanceof ApiError && FINAL.has(claim.error.code)) {
      forgetPendingScan(token);
    }
  }, [claim.data, claim.error, client, token]);

  if (claim.isPending)
    return (
      <Frame>
        <LoadingState label={t("claim.opening")} />
      </Frame>
    );
  if (claim.error)
    return (
      <Frame>
        <Refusal error={claim.error} claimed />
      </Frame>
    );
  const result = claim.data;
  return (
    <Frame>
      {/* Said until the card is out; then the card says it all. */}
      <RecordedAct
        place={result.organizationName}
        result={result}
        note={<Card className="mb-6 text-center text-sm text-slate-700">{t("claim.kept")}</Card>}
      />
    </Frame>
  );
}

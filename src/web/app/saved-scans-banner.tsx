import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { CloudOff } from "lucide-react";
import { refreshAllActViews } from "../lib/act-queries.js";
import { loadSavedScans, useOnline, useSavedScans } from "../lib/use-saved-scans.js";

/** While scans wait and the browser says it is online, another try this often (a network that came back quietly). */
const RETRY_MS = 30_000;

/**
 * Scans saved on this device without the network: sent on arrival, when the
 * browser comes back online and every half minute while some wait; then
 * said on every page (but the scan page, which says it itself): how many
 * wait, a recorded one's card to open, a refusal to read.
 */
export function SavedScansBanner() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const online = useOnline();
  const scans = useSavedScans();
  const { pathname } = useLocation();
  const waiting = scans?.filter((scan) => scan.state === "waiting") ?? [];
  const [signedOut, setSignedOut] = useState(false);

  useEffect(() => {
    if (!online || waiting.length === 0) return;
    const send = () =>
      void loadSavedScans()
        .then(({ sendSavedScans }) => sendSavedScans())
        .then(
          (outcome) => {
            setSignedOut(outcome === "signed-out");
            refreshAllActViews(client);
          },
          () => undefined,
        );
    send();
    const timer = setInterval(send, RETRY_MS);
    return () => clearInterval(timer);
  }, [online, waiting.length, client]);

  if (!scans || scans.length === 0 || pathname === "/scan-qr") return null;
  const recorded = scans.find((scan) => scan.state === "recorded");
  const refused = scans.find((scan) => scan.state === "refused");
  return (
    <div className="mx-auto mb-3 max-w-3xl space-y-2 px-4" data-testid="saved-scans">
      {waiting.length > 0 && (
        <p role="status" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950">
          <CloudOff size={18} aria-hidden className="mt-0.5 shrink-0" />
          <span>
            {t("savedScans.waiting", { count: waiting.length })}{" "}
            {signedOut && (
              <>
                {t("savedScans.signIn")}{" "}
                <Link to="/auth" className="font-semibold underline">
                  {t("savedScans.signInLink")}
                </Link>
              </>
            )}
          </span>
        </p>
      )}
      {recorded && (
        <p className="rounded-xl bg-emerald-50 p-3 text-sm text-emerald-950">
          {t("savedScans.recorded", { place: recorded.place })}{" "}
          <Link to={`/scan-qr?saved=${encodeURIComponent(recorded.key)}`} className="font-semibold underline">
            {t("savedScans.openCard")}
          </Link>
        </p>
      )}
      {refused && (
        <div role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-red-900">
          <p>{t("savedScans.refused", { place: refused.place, reason: refused.refusal })}</p>
          <button
            type="button"
            className="mt-1 min-h-11 font-semibold underline"
            onClick={() => void loadSavedScans().then(({ forgetSavedScan }) => forgetSavedScan(refused.key))}
          >
            {t("savedScans.dismiss")}
          </button>
        </div>
      )}
    </div>
  );
}

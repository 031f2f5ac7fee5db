import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Copy, Download, RefreshCw } from "lucide-react";
import { Button } from "../../components/ui/button.js";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.js";
import { Dialog } from "../../components/ui/dialog.js";
import { TextField } from "../../components/ui/field.js";
import { showApiError } from "../../lib/api-errors.js";
import { codeFileUrl, useCodeLink, type CodeSource } from "./api/codes.js";
import { useRenewCode } from "./api/locations.js";
import { PrintKitSection } from "./print-kit-section.js";

export interface QrTarget {
  source: CodeSource;
  id: string;
  name: string;
  type: "virtual" | "physical" | "portable";
  radiusMeters?: number;
  cardCount?: number;
}

const LINK =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold hover:bg-slate-50";

/**
 * The printed code of a location or a card series: its image, the exact link
 * it encodes, copies to download, the print kit's designs to preview and
 * print, and renewal (after which the printed copies stop working).
 * `atPrintKit`: opened from the set-up checklist's "Print the kit", so the kit is brought into view.
 */
export function QrDialog({
  organizationId,
  target,
  atPrintKit = false,
  onClose,
}: {
  organizationId: string;
  target: QrTarget;
  atPrintKit?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const portable = target.type === "portable";
  const [card, setCard] = useState(1);
  const [confirmRenew, setConfirmRenew] = useState(false);
  const link = useCodeLink(organizationId, target.source, target.id, portable ? card : undefined);
  const renew = useRenewCode(organizationId);
  const cardQuery: Record<string, number> = portable ? { card } : {};
  // The image's address changes with the link, so a renewed code is fetched again.
  const version = link.data ? encodeURIComponent(link.data.url.slice(-12)) : "";

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.data!.url);
      toast.success(t("dashboard.codes.copied"));
    } catch {
      toast.error(t("dashboard.codes.copyFailed"));
    }
  };
  const doRenew = async () => {
    try {
      await renew.mutateAsync({ source: target.source, id: target.id });
      toast.success(t("dashboard.codes.renewed"));
    } catch (error) {
      showApiError(error);
    }
    setConfirmRenew(false);
  };
  const rule =
    target.type === "virtual" ? t("dashboard.codes.virtualRule", { radius: target.radiusMeters ?? 100 }) : t("dashboard.codes.cardRule");

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={t("dashboard.codes.title", { name: target.name })} description={rule}>
      <div className="space-y-4">
        {portable && (
          <TextField
            label={t("dashboard.codes.cardNumber", { count: target.cardCount ?? 1 })}
            type="number"
            min={1}
            max={target.cardCount}
            value={card}
            onChange={(e) => setCard(Math.min(Math.max(1, Math.floor(Number(e.target.value) || 1)), target.cardCount ?? 1))}
          />
        )}
        <div className="flex justify-center">
          {link.data ? (
            <img
              src={`${codeFileUrl(organizationId, target.source, target.id, "png", cardQuery)}${portable ? "&" : "?"}v=${version}`}
              alt={t("dashboard.codes.imageAlt", { name: target.name })}
              width={300}
              height={300}
              className="h-[300px] w-[300px]"
            />
          ) : (
            <div className="h-[300px] w-[300px] motion-safe:animate-pulse rounded-lg bg-slate-100" aria-hidden />
          )}
        </div>
        {link.error && <p role="alert">{t("dashboard.codes.failed")}</p>}
        {link.data && (
          <>
            <div>
              <p className="text-sm font-semibold">{t("dashboard.codes.link")}</p>
              <code className="block break-all rounded bg-slate-100 p-2 text-xs">{link.data.url}</code>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={copy}>
                <Copy size={16} aria-hidden /> {t("dashboard.codes.copy")}
              </Button>
              <a className={LINK} href={codeFileUrl(organizationId, target.source, target.id, "png", cardQuery)} download>
                <Download size={16} aria-hidden /> {t("dashboard.codes.png")}
              </a>
              <a className={LINK} href={codeFileUrl(organizationId, target.source, target.id, "svg", cardQuery)} download>
                <Download size={16} aria-hidden /> {t("dashboard.codes.svg")}
              </a>
            </div>
            <PrintKitSection
              organizationId={organizationId}
              source={target.source}
              id={target.id}
              portable={portable}
              from={card}
              focusOnShow={atPrintKit}
            />
            <p className="text-xs text-slate-600">{t("dashboard.codes.renewAdvice")}</p>
            <Button variant="ghost" onClick={() => setConfirmRenew(true)}>
              <RefreshCw size={16} aria-hidden /> {t("dashboard.codes.renew")}
            </Button>
          </>
        )}
      </div>
      <ConfirmDialog
        open={confirmRenew}
        onOpenChange={setConfirmRenew}
        title={t("dashboard.codes.renewTitle")}
        description={t("dashboard.codes.renewBody")}
        confirmLabel={t("dashboard.codes.renew")}
        onConfirm={doRenew}
        busy={renew.isPending}
      />
    </Dialog>
  );
}

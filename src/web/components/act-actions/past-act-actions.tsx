import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Check, HeartHandshake, Share2 } from "lucide-react";
import type { HistoryAct } from "../../../shared/schemas/stats.js";
import { Button } from "../ui/button.js";
import { Dialog } from "../ui/dialog.js";
import { useSession } from "../../lib/session.js";
import { ShareAct } from "./share-act.js";
import { ThankGiver } from "./thank-giver.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/**
 * Every act, later (issue 42 §4): share it, and thank the card's previous
 * holder if nobody did yet, from the history as on the reveal. Each button
 * names its act for a screen reader; the visible word stays in the name.
 */
export function PastActActions({ act }: { act: Pick<HistoryAct, "id" | "actNumber" | "thanks"> }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const [open, setOpen] = useState<"share" | "thank" | null>(null);
  const number = numberFormat(i18n.language).format(act.actNumber);
  const close = (isOpen: boolean) => !isOpen && setOpen(null);
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      <Button variant="secondary" aria-label={t("actHistory.shareThis", { number })} onClick={() => setOpen("share")}>
        <Share2 size={16} aria-hidden />
        {t("actHistory.share")}
      </Button>
      {act.thanks === "available" && (
        <Button variant="secondary" aria-label={t("actHistory.thankThis", { number })} onClick={() => setOpen("thank")}>
          <HeartHandshake size={16} aria-hidden />
          {t("actHistory.thank")}
        </Button>
      )}
      {act.thanks === "sent" && (
        <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
          <Check size={16} aria-hidden />
          {t("actHistory.thanked")}
        </span>
      )}
      <Dialog open={open === "share"} onOpenChange={close} title={t("actHistory.shareTitle", { number })}>
        <ShareAct actNumber={act.actNumber} named={user?.showOnLeaderboards === true} />
      </Dialog>
      <Dialog open={open === "thank"} onOpenChange={close} title={t("thankGiver.title")} description={t("thankGiver.body")}>
        <ThankGiver actId={act.id} inDialog />
      </Dialog>
    </div>
  );
}

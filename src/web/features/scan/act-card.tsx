import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Heart, Mail, MailOpen, RotateCw } from "lucide-react";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import { Button } from "../../components/ui/button.js";
import { RARITY_STYLES } from "../../components/ui/rarity.js";

/** The face turned away is hidden once the half-turn has passed, for assistive tech and tests alike. */
const faceVisibility = (shown: boolean) => (shown ? "visible" : "invisible [transition:visibility_0s_350ms]");

/**
 * The envelope → card → flipped card of a scan. Opening the card is what
 * records the act (`onOpen`); the back shows what the server answered.
 */
export function ActCard({
  organizationName,
  result,
  recording,
  onOpen,
}: {
  organizationName: string;
  result: ScanSuccess | null;
  recording: boolean;
  onOpen: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [envelopeOpen, setEnvelopeOpen] = useState(false);
  const [flipped, setFlipped] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);
  // The card turns over by itself once the act is recorded; then the person flips at will.
  const showBack = result !== null && !flipped;

  if (!envelopeOpen) {
    return (
      <button
        type="button"
        onClick={() => setEnvelopeOpen(true)}
        className="mx-auto flex aspect-[3/2] w-full max-w-sm flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-rose-300 bg-rose-50 text-brand-dark hover:bg-rose-100"
      >
        <Mail size={64} aria-hidden />
        <span className="text-lg font-semibold">{t("scan.tapEnvelope")}</span>
      </button>
    );
  }

  return (
    <div className="mx-auto w-full max-w-sm">
      <div className="[perspective:1000px]">
        <div
          className={`relative aspect-[3/2] w-full transition-transform duration-700 [transform-style:preserve-3d] motion-reduce:transition-none ${showBack ? "[transform:rotateY(180deg)]" : ""}`}
        >
          <div
            className={`absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-2xl bg-gradient-to-br from-rose-600 to-pink-500 p-4 text-center text-white shadow-lg [backface-visibility:hidden] ${faceVisibility(!showBack)}`}
            aria-hidden={showBack}
          >
            <MailOpen size={40} aria-hidden />
            <p className="text-sm uppercase tracking-wide">{t("scan.cardFrom")}</p>
            <p className="text-xl font-bold">{organizationName}</p>
          </div>
          <div
            className={`absolute inset-0 flex flex-col items-center justify-center gap-2 rounded-2xl border border-rose-200 bg-white p-4 text-center shadow-lg [backface-visibility:hidden] [transform:rotateY(180deg)] ${faceVisibility(showBack)}`}
            aria-hidden={!showBack}
          >
            {result && (
              <>
                <Heart size={28} aria-hidden className="text-brand" />
                <p className="text-sm text-slate-700">{t("scan.actNumber")}</p>
                <p className="text-4xl font-extrabold tabular-nums text-brand" data-testid="act-number">
                  #{number.format(result.actNumber)}
                </p>
                <p className={`rounded-full px-3 py-1 text-sm font-semibold ${RARITY_STYLES[result.rarity]}`} data-testid="act-rarity">
                  {t(`rarity.${result.rarity}`)}
                </p>
              </>
            )}
          </div>
        </div>
      </div>
      <div className="mt-4 flex flex-col items-center gap-3" aria-live="polite">
        {result === null ? (
          <Button onClick={onOpen} disabled={recording} className="w-full">
            {recording ? t("scan.recording") : t("scan.openCard")}
          </Button>
        ) : (
          <>
            <p className="sr-only">
              {t("scan.recordedAnnouncement", { number: number.format(result.actNumber), rarity: t(`rarity.${result.rarity}`) })}
            </p>
            {result.kindMessage && (
              <blockquote className="rounded-xl bg-rose-50 p-4 text-center italic text-slate-800">{result.kindMessage}</blockquote>
            )}
            <Button variant="secondary" onClick={() => setFlipped((value) => !value)}>
              <RotateCw size={18} aria-hidden />
              {showBack ? t("scan.flipBack") : t("scan.flipCard")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

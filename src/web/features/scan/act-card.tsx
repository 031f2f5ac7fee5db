import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { Award, Gem, Heart, Medal, RotateCw, Star, Ticket, type LucideIcon } from "lucide-react";
import { RARITY_DRAW_RANGE, RARITY_SHARES, type Rarity } from "../../../shared/acts/rarity.js";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import { Button } from "../../components/ui/button.js";
import "./act-card.css";
import { celebrate, isCelebrated } from "./celebration.js";
import { listFormat, numberFormat } from "../../../shared/i18n/format.js";
import { languageFromTag } from "../../../shared/i18n/languages.js";
import { inLanguage } from "../../../shared/i18n/localized-text.js";
import { useFocusOnChange } from "../../lib/use-focus-on-change.js";

/** How long the envelope takes to open before the card stands alone (act-card.css's animations end by then). */
const OPENING_MS = 1_100;
/** How long the card's front shows before it turns over by itself. */
const FRONT_MS = 400;

const RARITY_ICONS: Record<Rarity, LucideIcon> = { bronze: Medal, silver: Award, gold: Star, platinum: Gem };
const SHINES: ReadonlySet<Rarity> = new Set(["silver", "gold", "platinum"]);

const prefersReducedMotion = () => typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** What a screen reader hears once the act is recorded, in one sentence: its number, its rarity, any achievement it earned. */
function recordedSentence(t: TFunction, result: ScanSuccess, number: string, list: Intl.ListFormat): string {
  const rarity = t(`rarity.${result.rarity}`);
  if (result.newAchievements.length === 0) return t("scan.recordedAnnouncement", { number, rarity });
  const names = list.format(result.newAchievements.map((id) => t(`achievements.${id}.name` as "achievements.first_record.name")));
  return t("scan.recordedWithAchievements", { number, rarity, names, count: result.newAchievements.length });
}

/** The face turned away is hidden once the half-turn has passed, for assistive tech and tests alike. */
const faceVisibility = (shown: boolean) => (shown ? "visible" : "invisible [transition:visibility_0s_350ms]");

/** A closed envelope with a heart seal (inline SVG in three layers, so the card can rise between them). */
function EnvelopeArt({ organizationName }: { organizationName: string }) {
  return (
    <div className="kindly-envelope" aria-hidden>
      <svg viewBox="0 0 300 200" preserveAspectRatio="none">
        <rect x="1" y="1" width="298" height="198" rx="14" fill="#fff1f2" stroke="#fda4af" strokeWidth="2" />
      </svg>
      <div className="kindly-envelope-card flex items-start justify-center pt-3 text-xs font-semibold text-white">
        <span className="truncate px-3">{organizationName}</span>
      </div>
      <svg viewBox="0 0 300 200" preserveAspectRatio="none" className="kindly-envelope-front">
        <path d="M1 14 L150 122 L1 199 Z" fill="#fecdd3" />
        <path d="M299 14 L150 122 L299 199 Z" fill="#fecdd3" />
        <path d="M1 199 L150 104 L299 199 Z" fill="#ffe4e6" stroke="#fda4af" strokeWidth="1.5" strokeLinejoin="round" />
      </svg>
      <svg viewBox="0 0 300 200" preserveAspectRatio="none" className="kindly-envelope-flap">
        <path d="M3 3 L297 3 L150 122 Z" fill="#fb7185" stroke="#e11d48" strokeWidth="2" strokeLinejoin="round" />
        <g className="kindly-envelope-seal">
          <circle cx="150" cy="118" r="19" fill="#be123c" />
          <path
            d="M150 129 C138 121 136 113 140.5 108.5 C144 105 148 106.5 150 110 C152 106.5 156 105 159.5 108.5 C164 113 162 121 150 129 Z"
            fill="#fff"
          />
        </g>
      </svg>
    </div>
  );
}

function CardBack({ result, organizationName }: { result: ScanSuccess; organizationName: string }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const share = numberFormat(i18n.language, { style: "percent" }).format(RARITY_SHARES[result.rarity] / RARITY_DRAW_RANGE);
  const Icon = RARITY_ICONS[result.rarity];
  return (
    <>
      {SHINES.has(result.rarity) && <span className="kindly-card-shine" aria-hidden />}
      <div className="relative flex h-full flex-col items-center justify-between p-5 text-center">
        <p
          className="kindly-rarity-badge inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-bold shadow"
          data-rarity={result.rarity}
          data-testid="act-rarity"
        >
          <Icon size={16} aria-hidden />
          {t(`rarity.${result.rarity}`)}
        </p>
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider">{t("scan.actNumber")}</p>
          <p className="text-5xl font-black tabular-nums" data-testid="act-number">
            {t("common.actNumber", { number: number.format(result.actNumber) })}
          </p>
        </div>
        <div className="space-y-1">
          <p className="font-semibold">{organizationName}</p>
          {result.ticketsIn.map((contest, index) => (
            <p
              // The list comes with the act and never changes order: its place names it (no language does).
              key={index}
              className="kindly-rarity-badge inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-sm font-semibold"
              data-rarity={result.rarity}
              data-testid="act-ticket"
            >
              <Ticket size={14} aria-hidden />
              {t("scan.ticketEarned", { contest: inLanguage(contest, languageFromTag(i18n.language)) })}
            </p>
          ))}
          <p className="text-sm">{result.rarity === "bronze" ? t("scan.bronzeShare", { share }) : t("scan.rareShare", { share })}</p>
        </div>
      </div>
    </>
  );
}

/**
 * The envelope → card → flipped card of a scan. The tap on the envelope is
 * what records the act (`onOpen`, issue 60: one tap saves; the spec waited
 * for a second tap on the card, and people left before it); the card that
 * comes out and turns over is the celebration, showing what the server
 * answered in the metal of its rarity. `onRevealed` says when the person has
 * seen it. An act recorded already (a kept scan, a saved one) is opened the
 * same way: its tap only shows it.
 */
export function ActCard({
  organizationName,
  result,
  retrying = false,
  openWithEnvelope = false,
  startOpen = false,
  onOpen,
  onRevealed,
}: {
  organizationName: string;
  result: ScanSuccess | null;
  /** Kindly could not be reached yet: the act is still being saved, tried again by itself. */
  retrying?: boolean;
  /** The act is recorded already (a kept scan, claimed): `onOpen` is called as the card comes out, to give its result. */
  openWithEnvelope?: boolean;
  /** Out of its envelope already: a card that waited for its person (unseen-card.tsx). */
  startOpen?: boolean;
  onOpen: () => void;
  onRevealed?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [stage, setStage] = useState<"sealed" | "opening" | "card">(startOpen ? "card" : "sealed");
  // The card shows its front a moment before it turns over by itself, even when the answer came during the opening.
  const [turning, setTurning] = useState(false);
  const [flipped, setFlipped] = useState(false);
  const number = numberFormat(i18n.language);
  const showBack = result !== null && turning && !flipped;

  // Seen: once per act, when the card first turns to show it. Gold and platinum celebrate then.
  const revealed = result !== null && turning ? result.actId : undefined;
  // Focus follows the reveal: the envelope gives way to the line saying the act is being recorded, then to the card's own button.
  const recordingLine = useFocusOnChange<HTMLParagraphElement>(stage, { when: stage === "card" && result === null });
  const flipButton = useFocusOnChange<HTMLButtonElement>(revealed);
  useEffect(() => {
    if (!result || !revealed) return;
    void celebrate(result.rarity);
    onRevealed?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per act, not per render
  }, [revealed]);

  useEffect(() => {
    if (stage === "card" && openWithEnvelope) onOpen();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the card comes out
  }, [stage]);

  useEffect(() => {
    if (stage !== "opening") return;
    const timer = setTimeout(() => setStage("card"), OPENING_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  useEffect(() => {
    if (stage !== "card") return;
    if (prefersReducedMotion()) return setTurning(true);
    const timer = setTimeout(() => setTurning(true), FRONT_MS);
    return () => clearTimeout(timer);
  }, [stage]);

  const openEnvelope = () => {
    if (!openWithEnvelope) onOpen();
    setStage(prefersReducedMotion() ? "card" : "opening");
  };

  if (stage !== "card") {
    return (
      <div className="kindly-reveal mx-auto w-full max-w-xs" data-stage={stage}>
        <button
          type="button"
          disabled={stage === "opening"}
          onClick={openEnvelope}
          className="kindly-envelope-button flex w-full flex-col items-center gap-4 rounded-2xl p-3 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          <EnvelopeArt organizationName={organizationName} />
          <span className="rounded-full bg-brand px-4 py-2 text-base font-semibold text-white shadow">{t("scan.tapEnvelope")}</span>
        </button>
      </div>
    );
  }

  return (
    <div className="kindly-reveal mx-auto w-full max-w-xs" data-stage="card">
      <div className="kindly-card-enter relative [perspective:1200px]">
        <div
          className={`relative aspect-[5/7] w-full transition-transform duration-700 [transform-style:preserve-3d] ${showBack ? "[transform:rotateY(180deg)]" : ""}`}
        >
          <div className={`kindly-card-face kindly-card-front ${faceVisibility(!showBack)}`} aria-hidden={showBack}>
            <div className="flex h-full flex-col items-center justify-center gap-3 p-5 text-center">
              <span className="flex h-16 w-16 items-center justify-center rounded-full bg-white/20">
                <Heart size={34} aria-hidden fill="currentColor" />
              </span>
              <p className="text-sm font-semibold uppercase tracking-wider">{t("scan.cardFrom")}</p>
              <p className="text-2xl font-bold">{organizationName}</p>
              {result && (
                <p className="text-lg font-semibold tabular-nums">{t("common.actNumber", { number: number.format(result.actNumber) })}</p>
              )}
            </div>
          </div>
          <div
            className={`kindly-card-face kindly-card-back [transform:rotateY(180deg)] ${faceVisibility(showBack)}`}
            data-rarity={result?.rarity}
            aria-hidden={!showBack}
          >
            {result && <CardBack result={result} organizationName={organizationName} />}
          </div>
        </div>
      </div>
      {/* One sentence, said once the act is recorded: the buttons and texts below are not part of it. */}
      <p role="status" className="sr-only">
        {result ? recordedSentence(t, result, number.format(result.actNumber), listFormat(i18n.language)) : ""}
      </p>
      <div className="mt-5 flex flex-col items-center gap-3">
        {result === null ? (
          openWithEnvelope ? null : (
            <>
              <p ref={recordingLine} tabIndex={-1} className="text-center font-semibold text-slate-900" data-testid="scan-recording">
                {retrying ? t("scan.saving") : t("scan.recording")}
              </p>
              {retrying && (
                <p className="text-center text-sm text-slate-700" data-testid="scan-retrying">
                  {t("scan.savingHint")}
                </p>
              )}
            </>
          )
        ) : (
          <>
            {isCelebrated(result.rarity) && <p className="text-lg font-bold text-brand-dark">{t("scan.rareCard")}</p>}
            {/* Said here, where it stays, rather than in a toast over the next buttons. */}
            {result.newAchievements.length > 0 && (
              <ul className="space-y-1 text-center font-semibold text-emerald-800" data-testid="new-achievements">
                {result.newAchievements.map((id) => (
                  <li key={id}>
                    {t("scan.achievementEarned", { name: t(`achievements.${id}.name` as "achievements.first_record.name") })}
                  </li>
                ))}
              </ul>
            )}
            {result.kindMessage && (
              <blockquote className="rounded-xl bg-rose-50 p-4 text-center italic text-slate-800">
                {inLanguage(result.kindMessage, languageFromTag(i18n.language))}
              </blockquote>
            )}
            <Button ref={flipButton} variant="secondary" onClick={() => setFlipped((value) => !value)}>
              <RotateCw size={18} aria-hidden />
              {showBack ? t("scan.flipBack") : t("scan.flipCard")}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

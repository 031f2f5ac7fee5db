import { useTranslation } from "react-i18next";
import { Heart } from "lucide-react";
import { Button } from "../../../components/ui/button.js";
import type { StoredPendingScan } from "../../../lib/pending-scan.js";
import { dateFormat, numberFormat } from "../../../../shared/i18n/format.js";

/**
 * What a stranger sees first when a card reaches them signed out (issue 42 §1):
 * the card itself, who it is from, its story so far (counted from every
 * holder, naming nobody), a word on what Kindly is, and one action. The forms
 * come after, as a sheet over it.
 */
export function WaitingCard({ waiting, onKeep }: { waiting: StoredPendingScan; onKeep: () => void }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language);
  const since = dateFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" });
  const passed = waiting.type === "portable";
  const story = waiting.story;
  return (
    <section aria-labelledby="waiting-title" className="text-center">
      <h1 id="waiting-title" className="text-2xl font-bold">
        {passed ? t("waiting.passedTitle") : t("waiting.placeTitle", { place: waiting.place })}
      </h1>
      {passed && <p className="mt-1 text-slate-700">{t("waiting.from", { place: waiting.place })}</p>}
      {/* The card's face, as it will open: a heart and who it is from. */}
      <div
        aria-hidden
        className="mx-auto mt-5 flex aspect-[5/7] w-44 flex-col items-center justify-center gap-2 rounded-2xl bg-gradient-to-br from-rose-500 to-rose-700 p-4 text-white shadow-lg"
      >
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white/20">
          <Heart size={26} fill="currentColor" />
        </span>
        <span className="text-xs font-semibold uppercase tracking-wider">{t("scan.cardFrom")}</span>
        <span className="break-words font-bold leading-tight">{waiting.organizationName ?? waiting.place}</span>
      </div>
      {story && (
        <p className="mt-5 text-lg font-semibold text-slate-900" data-testid="card-story">
          {story.distanceKm
            ? t("waiting.storyTravelled", {
                count: story.people,
                since: since.format(new Date(`${story.since}T12:00:00Z`)),
                distance: number.format(story.distanceKm),
              })
            : t("waiting.story", { count: story.people, since: since.format(new Date(`${story.since}T12:00:00Z`)) })}
        </p>
      )}
      <p className="mt-3 text-slate-700">{t("waiting.whatIsKindly")}</p>
      <Button className="mt-5 w-full" onClick={onKeep}>
        {t("waiting.keep")}
      </Button>
      <p className="mt-2 text-sm text-slate-600">{t("waiting.keptFor")}</p>
    </section>
  );
}

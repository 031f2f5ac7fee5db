import { Heart } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useHydrated } from "../../lib/use-hydrated.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/**
 * A like toggle. Its accessible name is its visible count with the word
 * ("3 likes"), and aria-pressed says whether I liked it. Visitors see the
 * count; pressing tells them to sign in (the server refuses them anyway).
 */
export function LikeButton({
  likes,
  liked,
  signedIn,
  busy,
  onToggle,
}: {
  likes: number;
  liked: boolean;
  signedIn: boolean;
  busy: boolean;
  onToggle: (liked: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const count = numberFormat(i18n.language).format(likes);
  return (
    <button
      type="button"
      aria-pressed={liked}
      disabled={busy || !hydrated}
      onClick={() => (signedIn ? onToggle(!liked) : toast.info(t("community.signInToLike")))}
      className={`inline-flex min-h-11 items-center gap-1.5 rounded-full px-3 text-sm font-semibold transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand ${
        liked ? "bg-rose-100 text-brand-dark" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      <Heart size={18} aria-hidden fill={liked ? "currentColor" : "none"} />
      <span>{count}</span>
      <span className="sr-only"> {t("community.likes", { count: likes })}</span>
    </button>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { Gift } from "lucide-react";
import { useSession } from "../lib/session.js";
import { UNSEEN_CARDS_EVENT, UNSEEN_PARAM, unseenCards, type UnseenCard } from "../lib/unseen-cards.js";

/**
 * A card whose act was recorded by a tap on its envelope, left before it
 * turned over (issue 60 §1): said on every page but the scan page, with one
 * link to see it (the oldest first; the next shows once it is seen).
 */
export function UnseenCardsBanner() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { pathname } = useLocation();
  const [cards, setCards] = useState<UnseenCard[]>([]);

  useEffect(() => {
    if (!user) return setCards([]);
    const read = () => setCards(unseenCards(user.id));
    read();
    window.addEventListener(UNSEEN_CARDS_EVENT, read);
    window.addEventListener("storage", read);
    return () => {
      window.removeEventListener(UNSEEN_CARDS_EVENT, read);
      window.removeEventListener("storage", read);
    };
  }, [user]);

  const card = cards[0];
  if (!card || pathname === "/scan-qr") return null;
  return (
    <div className="mx-auto mb-3 max-w-3xl px-4" data-testid="unseen-cards">
      <p className="flex items-start gap-2 rounded-xl bg-emerald-50 p-3 text-sm text-emerald-950">
        <Gift size={18} aria-hidden className="mt-0.5 shrink-0" />
        <span>
          {t("unseenCard.waiting", { place: card.place })}{" "}
          <Link to={`/scan-qr?${new URLSearchParams({ [UNSEEN_PARAM]: card.key }).toString()}`} className="font-semibold underline">
            {t("unseenCard.open")}
          </Link>
        </span>
      </p>
    </div>
  );
}

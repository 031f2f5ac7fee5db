import { useTranslation } from "react-i18next";
import { Award } from "lucide-react";
import type { ScanSuccess } from "../../../shared/schemas/scans.js";
import { ButtonLink } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { needsOnboarding } from "../../lib/onboarding-state.js";
import { useSession } from "../../lib/session.js";
import { ShareAct } from "../../components/act-actions/share-act.js";
import { ThankGiver } from "../../components/act-actions/thank-giver.js";
import { ReminderOffer } from "../../components/act-actions/reminder-offer.js";

/** What comes after a card is revealed: where to go next, a portable card's journey, and the tour for a newcomer. */
export function AfterReveal({ result }: { result: ScanSuccess }) {
  const { t } = useTranslation();
  const { user } = useSession();
  return (
    <>
      {result.journeyId && <ThankGiver actId={result.actId} />}
      <ShareAct actNumber={result.actNumber} named={user?.showOnLeaderboards === true} />
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/profile">
          <Award size={18} aria-hidden />
          {t("scan.seeProfile")}
        </ButtonLink>
        <ButtonLink to="/" variant="secondary">
          {t("common.goHome")}
        </ButtonLink>
      </div>
      {/* The moment of joy: the reminder is offered here, not before; below the links, so that its arrival moves nothing in focus. */}
      {user && <ReminderOffer />}
      {result.journeyId && (
        <Card className="mt-6 text-center">
          <h2 className="text-lg font-bold">{t("scan.journeyTitle")}</h2>
          <p className="mt-1 text-slate-700">{t("scan.journeyBody")}</p>
          <ButtonLink to={`/cards/${result.journeyId}`} variant="secondary" className="mt-4">
            {t("scan.journeyLink")}
          </ButtonLink>
        </Card>
      )}
      {/* A newcomer who signed up from a code goes straight to the card; the tour waits until now. */}
      {user && needsOnboarding(user) && (
        <Card className="mt-6 text-center">
          <h2 className="text-lg font-bold">{t("scan.tourTitle")}</h2>
          <p className="mt-1 text-slate-700">{t("scan.tourBody")}</p>
          <ButtonLink to="/onboarding" className="mt-4">
            {t("scan.tourStart")}
          </ButtonLink>
        </Card>
      )}
    </>
  );
}

import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/ui/button.js";
import { Card, LoadingState } from "../../components/ui/card.js";
import { isTemporaryFailure } from "../../lib/api.js";
import { useSession } from "../../lib/session.js";
import { forgetTap, unseenCards, type UnseenCard } from "../../lib/unseen-cards.js";
import { RecordedAct } from "./recorded-act.js";
import { useRecordScan } from "./api/record-scan.js";
import { Refusal } from "./scan-refusal.js";

type Frame = React.ComponentType<{ children: React.ReactNode }>;

/**
 * /scan-qr?unseen=<key>: a card left before it turned over (unseen-cards.ts).
 * The same tap is sent again under its key, which the server answers with the
 * act it recorded; the card shows out of its envelope already, turning over
 * by itself, and then nothing waits any more.
 */
export function UnseenCardView({ cardKey, frame: Frame }: { cardKey: string; frame: Frame }) {
  const { t } = useTranslation();
  const session = useSession();
  const [card, setCard] = useState<UnseenCard | null | undefined>(undefined);
  const record = useRecordScan();
  const userId = session.user?.id;

  useEffect(() => {
    if (session.isLoading) return;
    const found = (userId && unseenCards(userId).find((kept) => kept.key === cardKey)) || null;
    setCard(found);
    if (found)
      record.mutate(
        { key: found.key, request: found.request },
        // A refusal (the act was voided, say) is final: said here, and the card no longer waits.
        { onError: (error) => !isTemporaryFailure(error) && forgetTap(found.key) },
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the session is known
  }, [session.isLoading, userId, cardKey]);

  if (card === undefined || (card && record.isPending))
    return (
      <Frame>
        <LoadingState label={t("unseenCard.opening")} />
      </Frame>
    );
  if (card === null)
    return (
      <Frame>
        <Card className="text-center">
          <p role="status" className="text-slate-800">
            {t("unseenCard.gone")}
          </p>
          <ButtonLink to="/act-history" className="mt-4">
            {t("nav.actHistory")}
          </ButtonLink>
        </Card>
      </Frame>
    );
  if (record.error)
    return (
      <Frame>
        <Refusal error={record.error} />
      </Frame>
    );
  return (
    <Frame>
      <RecordedAct place={card.place} result={record.data!} startOpen onRevealed={() => forgetTap(card.key)} />
    </Frame>
  );
}

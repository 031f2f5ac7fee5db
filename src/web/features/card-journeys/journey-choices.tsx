import { useEffect } from "react";
import { MapPin } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { CardJourney } from "../../../shared/schemas/cards.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { CheckboxField } from "../../components/ui/checkbox-field.js";
import { useDevicePosition } from "../../lib/use-device-position.js";
import { useShownChoice } from "../../lib/use-shown-choice.js";
import { addPlace, setFollowing, setShowUsername, useJourneyChoice } from "./api/card-journey.js";

/** What someone who held the card may choose: hear of its travels, show their username, put their city on the map. */
export function JourneyChoices({ journey }: { journey: CardJourney & { me: NonNullable<CardJourney["me"]> } }) {
  const { t } = useTranslation();
  const { me } = journey;
  const failed = () => toast.error(t("journey.saveFailed"));
  const follow = useJourneyChoice(journey.id, (value: boolean) => setFollowing(journey.id, value));
  const show = useJourneyChoice(journey.id, setShowUsername);
  const place = useJourneyChoice(journey.id, (at: { lat: number; lon: number }) => addPlace(journey.id, at));
  const position = useDevicePosition();
  const { mutate: savePlace } = place;
  // A box shows the choice at once (a controlled box waiting for the server would spring back for a moment),
  // and follows the server's answer when the journey is read again.
  const [following, setFollowingChoice] = useShownChoice(me.following);
  const [showUsername, setShowUsernameChoice] = useShownChoice(me.showUsername);

  useEffect(() => {
    if (position.state.status !== "ready") return;
    savePlace(
      { lat: position.state.lat, lon: position.state.lon },
      { onSuccess: () => toast.success(t("journey.placeAdded")), onError: () => toast.error(t("journey.saveFailed")) },
    );
  }, [position.state, savePlace, t]);

  return (
    <Card>
      <h2 className="text-lg font-bold">{t("journey.yoursTitle")}</h2>
      <div className="mt-2">
        <CheckboxField
          label={t("journey.follow")}
          hint={t("journey.followHint")}
          checked={following}
          onChange={(value) => {
            setFollowingChoice(value);
            follow.mutate(value, {
              onError: () => {
                setFollowingChoice(!value);
                failed();
              },
            });
          }}
        />
        <CheckboxField
          label={t("journey.showUsername")}
          hint={t("journey.showUsernameHint")}
          checked={showUsername}
          onChange={(value) => {
            setShowUsernameChoice(value);
            show.mutate(value, { onError: failed });
          }}
        />
      </div>
      {me.canAddPlace && (
        <div className="mt-3">
          <Button variant="secondary" onClick={position.request} disabled={position.state.status === "locating" || place.isPending}>
            <MapPin size={18} aria-hidden />
            {position.state.status === "locating" || place.isPending ? t("journey.locating") : t("journey.addPlace")}
          </Button>
          <p className="mt-1 text-sm text-slate-600">{t("journey.addPlaceHint")}</p>
          {position.state.status === "error" && (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {t(`scan.geo.${position.state.error}`)}
            </p>
          )}
        </div>
      )}
    </Card>
  );
}

import { useTranslation } from "react-i18next";
import { Map as MapIcon, MapPin } from "lucide-react";
import { Button, ButtonLink } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { formatDistance } from "../../lib/format.js";

/** A place's code asks where the person is; too far, it says how far, before any card. */
export function LocationStep({
  place,
  onLocate,
  locating,
  error,
  tooFar,
}: {
  place: string;
  onLocate: () => void;
  locating: boolean;
  error: string | null;
  tooFar: { distance: number; radius: number } | null;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card className="text-center">
      <MapPin size={40} aria-hidden className="mx-auto text-brand" />
      <h1 className="mt-3 text-xl font-bold">{tooFar ? t("scan.tooFarTitle") : t("scan.locationTitle")}</h1>
      <p className="mt-2 text-slate-700">{t("scan.locationBody", { place })}</p>
      {error && (
        <p role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-red-800">
          {error}
        </p>
      )}
      {tooFar && (
        <div role="status" className="mt-3 rounded-lg bg-amber-50 p-3 text-amber-900">
          <p className="font-semibold">
            {t("scan.tooFar", {
              distance: formatDistance(tooFar.distance, i18n.language),
              radius: formatDistance(tooFar.radius, i18n.language),
            })}
          </p>
          <p className="mt-1 text-sm">{t("scan.tooFarHint")}</p>
        </div>
      )}
      <Button onClick={onLocate} disabled={locating} className="mt-4 w-full">
        {locating ? t("scan.locating") : tooFar ? t("scan.checkAgain") : error ? t("common.tryAgain") : t("scan.shareLocation")}
      </Button>
      {tooFar && (
        <ButtonLink to="/map" variant="secondary" className="mt-3 w-full">
          <MapIcon size={18} aria-hidden />
          {t("scan.findPlaces")}
        </ButtonLink>
      )}
    </Card>
  );
}

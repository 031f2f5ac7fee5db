import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Crosshair } from "lucide-react";
import { distanceMeters } from "../../../shared/acts/distance.js";
import type { LocationView } from "../../../shared/schemas/organizations.js";
import { Button } from "../../components/ui/button.js";
import { Card } from "../../components/ui/card.js";
import { SelectField } from "../../components/ui/field.js";
import { PRECISE_POSITION, useDevicePosition } from "../../lib/use-device-position.js";
import { numberFormat } from "../../../shared/i18n/format.js";

/**
 * docs/spec/organisation.md §2, the location check: where the location is,
 * where this device is, how far apart, whether a scan here would be in range.
 */
export function LocationCheckCard({ locations }: { locations: LocationView[] }) {
  const { t, i18n } = useTranslation();
  const [chosenId, setChosenId] = useState(locations[0]?.id ?? "");
  const position = useDevicePosition(PRECISE_POSITION);
  const location = locations.find((l) => l.id === chosenId) ?? locations[0];
  if (!location) return null;
  const here = position.state.status === "ready" ? position.state : null;
  const distance = here ? distanceMeters({ lat: here.lat, lon: here.lon }, { lat: location.latitude, lon: location.longitude }) : null;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 0 });
  const directions = `https://www.openstreetmap.org/directions?${here ? `from=${here.lat},${here.lon}&` : ""}to=${location.latitude},${location.longitude}`;
  return (
    <Card className="space-y-3">
      <h2 className="text-xl font-bold">{t("dashboard.check.title")}</h2>
      <p className="text-sm text-slate-700">{t("dashboard.check.intro")}</p>
      {locations.length > 1 && (
        <SelectField
          label={t("dashboard.check.location")}
          value={location.id}
          onChange={(e) => setChosenId(e.target.value)}
          options={locations.map((l) => ({ value: l.id, label: l.name }))}
        />
      )}
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">{t("dashboard.check.place")}</dt>
          <dd>
            {location.name} ({location.latitude.toFixed(5)}, {location.longitude.toFixed(5)})
          </dd>
        </div>
        <div>
          <dt className="font-semibold">{t("dashboard.check.device")}</dt>
          <dd>
            {here ? `${here.lat.toFixed(5)}, ${here.lon.toFixed(5)}` : position.state.status === "locating" ? t("scan.locating") : "—"}
          </dd>
        </div>
      </dl>
      {distance !== null && (
        <p className="text-sm" role="status">
          <span
            className={`mr-2 rounded-full px-3 py-1 font-semibold ${distance <= location.radiusMeters ? "bg-emerald-100 text-emerald-900" : "bg-amber-100 text-amber-900"}`}
          >
            {distance <= location.radiusMeters ? t("dashboard.check.inRange") : t("dashboard.check.outOfRange")}
          </span>
          {t("dashboard.check.distance", { distance: number.format(distance), radius: location.radiusMeters })}
        </p>
      )}
      {position.state.status === "error" && (
        <p role="alert" className="text-sm text-red-700">
          {t(`scan.geo.${position.state.error}`)}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={position.request} disabled={position.state.status === "locating"}>
          <Crosshair size={16} aria-hidden /> {t("dashboard.check.locate")}
        </Button>
        <a
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 text-sm font-semibold hover:bg-slate-50"
          href={directions}
          target="_blank"
          rel="noreferrer"
        >
          {t("dashboard.check.directions")}
        </a>
      </div>
    </Card>
  );
}

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useTranslation } from "react-i18next";
import { CircleMarker, MapContainer, Polyline, TileLayer, Tooltip } from "react-leaflet";
import type { JourneyStop } from "../../../shared/schemas/cards.js";
import { usePublicConfig } from "../../lib/public-config.js";
import { TranslatedZoom } from "../../components/map/translated-zoom.js";

type Placed = JourneyStop & { place: NonNullable<JourneyStop["place"]> };

/** The card's path between the cities its holders shared: coarse circles, never pins on a door. */
export default function JourneyMap({ stops }: { stops: JourneyStop[] }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const placed = stops.filter((stop): stop is Placed => stop.place !== null);
  const points = placed.map((stop) => [stop.place.lat, stop.place.lon] as [number, number]);
  const bounds = L.latLngBounds(points).pad(0.3);
  return (
    <div className="h-72 overflow-hidden rounded-2xl border border-rose-100">
      <MapContainer zoomControl={false} bounds={bounds} maxZoom={12} className="h-full w-full" aria-label={t("journey.mapTitle")}>
        <TranslatedZoom />
        {config.data && <TileLayer url={config.data.map.tileUrl} attribution={config.data.map.attribution} />}
        <Polyline positions={points} pathOptions={{ color: "#e11d48", weight: 3, dashArray: "6 6" }} />
        {placed.map((stop) => (
          <CircleMarker
            key={stop.order}
            center={[stop.place.lat, stop.place.lon]}
            radius={9}
            pathOptions={{ color: "#be123c", fillOpacity: 0.6 }}
          >
            <Tooltip>
              {t("journey.stop", { order: stop.order })}
              {stop.place.name ? ` · ${stop.place.name}` : ""}
            </Tooltip>
          </CircleMarker>
        ))}
      </MapContainer>
    </div>
  );
}

import "leaflet/dist/leaflet.css";
import L from "leaflet";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Circle, MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { usePublicConfig } from "../../lib/public-config.js";
import { TranslatedZoom } from "../../components/map/translated-zoom.js";

// A pin drawn in CSS: Leaflet's default icon images do not survive bundling.
const PIN = L.divIcon({
  className: "",
  html: '<div style="width:28px;height:28px;border-radius:50% 50% 50% 0;background:#e11d48;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4);transform:rotate(-45deg)"></div>',
  iconSize: [28, 28],
  iconAnchor: [14, 28],
});

function FollowPin({ at }: { at: [number, number] }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains(at)) map.setView(at);
  }, [map, at]);
  return null;
}

function ClickToPlace({ onPlace }: { onPlace: (lat: number, lon: number) => void }) {
  useMapEvents({ click: (event) => onPlace(event.latlng.lat, event.latlng.lng) });
  return null;
}

/**
 * The location dialog's map preview (docs/spec/organisation.md §2): the pin
 * can be dragged or the map clicked to place the location precisely, which
 * also works when address search is down.
 */
export default function LocationPinMap({
  position,
  radiusMeters,
  onMove,
}: {
  position: { lat: number; lon: number };
  radiusMeters: number;
  onMove: (lat: number, lon: number) => void;
}) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const at = useMemo<[number, number]>(() => [position.lat, position.lon], [position.lat, position.lon]);
  const handlers = useMemo(
    () => ({
      dragend: (event: L.LeafletEvent) => {
        const point = (event.target as L.Marker).getLatLng();
        onMove(point.lat, point.lng);
      },
    }),
    [onMove],
  );
  return (
    <div className="h-56 overflow-hidden rounded-lg border border-slate-300" data-testid="location-pin-map">
      <MapContainer zoomControl={false} center={at} zoom={16} className="h-full w-full" aria-label={t("dashboard.locations.mapLabel")}>
        <TranslatedZoom />
        {config.data && <TileLayer url={config.data.map.tileUrl} attribution={config.data.map.attribution} />}
        <Circle center={at} radius={radiusMeters} pathOptions={{ color: "#e11d48", weight: 1, fillOpacity: 0.1 }} />
        <Marker
          position={at}
          draggable
          icon={PIN}
          eventHandlers={handlers}
          title={t("dashboard.locations.pin")}
          alt={t("dashboard.locations.pin")}
        />
        <FollowPin at={at} />
        <ClickToPlace onPlace={onMove} />
      </MapContainer>
    </div>
  );
}

import "leaflet/dist/leaflet.css";
import "./map-dots.css";
import L from "leaflet";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from "react-leaflet";
import { Crosshair } from "lucide-react";
import type { MapArea } from "../../../shared/schemas/map.js";
import { Button } from "../../components/ui/button.js";
import { Card, LoadingState, Page, PageTitle } from "../../components/ui/card.js";
import { usePublicConfig } from "../../lib/public-config.js";
import { useDevicePosition } from "../../lib/use-device-position.js";
import { usePlaces } from "./api/get-places.js";
import { PlaceMarkers } from "./place-markers.js";
import { placesNear, type PlaceWithDistance } from "./places-near.js";
import { numberFormat } from "../../../shared/i18n/format.js";
import { TranslatedZoom } from "../../components/map/translated-zoom.js";

/** docs/spec/participant.md §2: centred on longitude -74.5, latitude 40, zoom 9. */
const CENTRE: [number, number] = [40, -74.5];
const ZOOM = 9;
const ME = L.divIcon({ className: "", html: '<div class="kindly-me"></div>', iconSize: [16, 16], iconAnchor: [8, 8] });

function areaOf(map: L.Map): MapArea {
  const b = map.getBounds();
  return {
    south: Math.max(-90, b.getSouth()),
    west: Math.max(-180, b.getWest()),
    north: Math.min(90, b.getNorth()),
    east: Math.min(180, b.getEast()),
  };
}

/** Reports the visible area after each move, so the places follow the view. */
function ViewWatcher({ onChange }: { onChange: (area: MapArea, zoom: number) => void }) {
  const map = useMapEvents({ moveend: () => onChange(areaOf(map), map.getZoom()) });
  useEffect(() => onChange(areaOf(map), map.getZoom()), [map, onChange]);
  return null;
}

function CentreOn({ at }: { at: { lat: number; lon: number } | null }) {
  const map = useMap();
  useEffect(() => {
    if (at) map.setView([at.lat, at.lon], Math.max(map.getZoom(), 16));
  }, [map, at]);
  return null;
}

/** The same places as the dots, for keyboard and screen-reader users (and anyone who prefers a list). */
function PlacesList({ places, tooMany }: { places: PlaceWithDistance[]; tooMany: boolean }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <section aria-labelledby="places-list-title" className="mt-4">
      <h2 id="places-list-title" className="text-xl font-bold">
        {t("map.listTitle")}
      </h2>
      {tooMany ? (
        <p className="mt-2 text-sm text-slate-700">{t("map.zoomIn")}</p>
      ) : places.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t("map.none")}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-2xl border border-rose-100 bg-white">
          {places.map((place) => (
            <li key={place.id} className="px-4 py-3 text-sm">
              <p className="font-semibold">{place.name}</p>
              <p className="text-slate-700">
                {place.organizationName} · {t(`organizationTypes.${place.organizationType}`)}
                {place.distanceMeters !== null &&
                  ` · ${place.distanceMeters < 1000 ? t("map.distanceM", { distance: number.format(Math.round(place.distanceMeters)) }) : t("map.distanceKm", { distance: number.format(place.distanceMeters / 1000) })}`}
              </p>
              {(place.inRange || place.campaignEffect) && (
                <p className="mt-1 flex flex-wrap gap-2">
                  {place.inRange && (
                    <span className="rounded-full bg-emerald-100 px-2 py-0.5 font-semibold text-emerald-900">{t("map.canScanHere")}</span>
                  )}
                  {place.campaignEffect && (
                    <span className="rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">{t("map.campaign")}</span>
                  )}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function MapPage() {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const [view, setView] = useState<{ area: MapArea; zoom: number } | null>(null);
  const places = usePlaces(view?.area ?? null);
  const position = useDevicePosition();
  const state = position.state;
  const me = useMemo(() => (state.status === "ready" ? { lat: state.lat, lon: state.lon } : null), [state]);
  const measured = useMemo(() => placesNear(places.data?.places ?? [], me), [places.data, me]);
  const onChange = useMemo(() => (area: MapArea, zoom: number) => setView({ area, zoom }), []);

  // "Centred on the user's position when they allow it": ask only if they already have.
  const askPosition = position.request;
  useEffect(() => {
    void navigator.permissions
      ?.query({ name: "geolocation" })
      .then((status) => status.state === "granted" && askPosition())
      .catch(() => undefined);
  }, [askPosition]);

  return (
    <Page>
      <PageTitle intro={t("map.intro")}>{t("map.title")}</PageTitle>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <Button variant="secondary" onClick={position.request} disabled={position.state.status === "locating"}>
          <Crosshair size={16} aria-hidden /> {position.state.status === "locating" ? t("scan.locating") : t("map.nearMe")}
        </Button>
        {position.state.status === "error" && (
          <p role="alert" className="text-sm text-red-700">
            {t(`scan.geo.${position.state.error}`)}
          </p>
        )}
        {places.error && (
          <p role="alert" className="text-sm text-red-700">
            {t("map.loadFailed")}
          </p>
        )}
      </div>
      {config.isPending ? (
        <LoadingState label={t("common.loading")} />
      ) : (
        <div className="h-[60dvh] overflow-hidden rounded-2xl border border-rose-100">
          <MapContainer zoomControl={false} center={CENTRE} zoom={ZOOM} className="h-full w-full" aria-label={t("map.title")}>
            <TranslatedZoom />
            {config.data && <TileLayer url={config.data.map.tileUrl} attribution={config.data.map.attribution} />}
            <ViewWatcher onChange={onChange} />
            <CentreOn at={me} />
            <PlaceMarkers answer={places.data} places={measured} zoom={view?.zoom ?? ZOOM} />
            {/* Beneath every place and click-through: "you are here" never covers a place's marker. */}
            {me && (
              <Marker
                position={[me.lat, me.lon]}
                icon={ME}
                title={t("map.you")}
                alt={t("map.you")}
                zIndexOffset={-10_000}
                interactive={false}
              />
            )}
          </MapContainer>
        </div>
      )}
      {places.data ? (
        <PlacesList places={measured} tooMany={places.data.clusters.length > 0} />
      ) : (
        view && <Card className="mt-4">{t("common.loading")}</Card>
      )}
    </Page>
  );
}

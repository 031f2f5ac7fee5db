import L from "leaflet";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Marker, Popup, useMap } from "react-leaflet";
import Supercluster from "supercluster";
import type { MapAnswer, MapPlace } from "../../../shared/schemas/map.js";
import type { PlaceWithDistance } from "./places-near.js";
import { numberFormat } from "../../../shared/i18n/format.js";

const dotIcon = (place: PlaceWithDistance) =>
  L.divIcon({
    className: "",
    html: `<div class="kindly-dot${place.campaignEffect ? ` effect-${place.campaignEffect}` : ""}${place.inRange ? " is-here" : ""}"></div>`,
    iconSize: [18, 18],
    iconAnchor: [9, 9],
  });

const clusterIcon = (count: number) => {
  const size = count < 10 ? 30 : count < 100 ? 36 : 44;
  return L.divIcon({
    className: "",
    html: `<div class="kindly-cluster" style="width:${size}px;height:${size}px">${count}</div>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
};

function PlacePopup({ place }: { place: PlaceWithDistance }) {
  const { t, i18n } = useTranslation();
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <Popup>
      {place.organizationLogoUrl && (
        <img
          src={place.organizationLogoUrl}
          alt={t("map.logoAlt", { name: place.organizationName })}
          className="mb-1 h-10 max-w-32 object-contain"
        />
      )}
      <strong>{place.name}</strong>
      <br />
      {place.organizationName} · {t(`organizationTypes.${place.organizationType}`)}
      {place.distanceMeters !== null && (
        <>
          <br />
          {place.distanceMeters < 1000
            ? t("map.distanceM", { distance: number.format(Math.round(place.distanceMeters)) })
            : t("map.distanceKm", { distance: number.format(place.distanceMeters / 1000) })}
        </>
      )}
      {place.inRange && (
        <>
          <br />
          <strong>{t("map.canScanHere")}</strong>
        </>
      )}
      {place.campaignEffect && (
        <>
          <br />
          {t("map.campaign")}
        </>
      )}
    </Popup>
  );
}

/**
 * Dots for the places in view, grouped by supercluster when they are close at
 * this zoom; or the server's counts per cell when the view holds too many.
 */
export function PlaceMarkers({ answer, places, zoom }: { answer: MapAnswer | undefined; places: PlaceWithDistance[]; zoom: number }) {
  const map = useMap();
  const index = useMemo(() => {
    const cluster = new Supercluster<{ place: PlaceWithDistance }>({ radius: 48, maxZoom: 15 });
    cluster.load(
      places.map((place) => ({ type: "Feature", properties: { place }, geometry: { type: "Point", coordinates: [place.lon, place.lat] } })),
    );
    return cluster;
  }, [places]);
  if (!answer) return null;
  if (answer.clusters.length > 0) {
    return answer.clusters.map((c) => (
      <Marker
        key={`${c.lat},${c.lon}`}
        position={[c.lat, c.lon]}
        icon={clusterIcon(c.count)}
        eventHandlers={{ click: () => map.setView([c.lat, c.lon], map.getZoom() + 2) }}
      />
    ));
  }
  const bounds = map.getBounds();
  const features = index.getClusters([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], Math.round(zoom));
  return features.map((feature) => {
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    if ("cluster" in feature.properties && feature.properties.cluster) {
      const id = feature.properties.cluster_id as number;
      return (
        <Marker
          key={`cluster-${id}`}
          position={[lat, lon]}
          icon={clusterIcon(feature.properties.point_count as number)}
          eventHandlers={{ click: () => map.setView([lat, lon], Math.min(index.getClusterExpansionZoom(id), 16)) }}
        />
      );
    }
    const place = (feature.properties as { place: PlaceWithDistance }).place;
    return (
      <Marker key={place.id} position={[lat, lon]} icon={dotIcon(place)} title={place.name} alt={place.name}>
        <PlacePopup place={place} />
      </Marker>
    );
  });
}

export type { MapPlace };

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { distanceMeters } from "../../../../shared/acts/distance.js";
import type { MapAnswer, MapPlace } from "../../../../shared/schemas/map.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { SCAN_POSITION } from "../../../lib/use-device-position.js";

/** How far around the person the home page looks for a place (about 3 km each way). */
const AROUND_DEGREES = 0.03;

/**
 * The device's position, only when the person already allowed it: the home
 * page never asks for location on load (the Permissions API says whether the
 * browser would ask; if it would, nothing happens).
 */
function useAllowedPosition(): { lat: number; lon: number } | null {
  const [position, setPosition] = useState<{ lat: number; lon: number } | null>(null);
  useEffect(() => {
    let live = true;
    if (!("permissions" in navigator) || !("geolocation" in navigator)) return;
    navigator.permissions
      .query({ name: "geolocation" })
      .then((status) => {
        if (!live || status.state !== "granted") return;
        navigator.geolocation.getCurrentPosition(
          (found) => live && setPosition({ lat: found.coords.latitude, lon: found.coords.longitude }),
          () => undefined,
          SCAN_POSITION,
        );
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return position;
}

export interface NearestPlace {
  place: MapPlace;
  distance: number;
}

/**
 * The nearest place with a Kindly code, from the public map's answer for the
 * area around the person (their position never leaves the browser: the map
 * endpoint is asked for an area, and distances are measured here).
 */
export function useNearestPlace() {
  const at = useAllowedPosition();
  // Rounded to about a kilometre: the area asked for says no more than that.
  const around = at && { lat: Math.round(at.lat * 100) / 100, lon: Math.round(at.lon * 100) / 100 };
  return useQuery({
    queryKey: queryKeys.nearestPlace(around ? `${around.lat},${around.lon}` : ""),
    enabled: around !== null,
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<NearestPlace | null> => {
      const span = AROUND_DEGREES / Math.max(0.2, Math.cos((around!.lat * Math.PI) / 180));
      const area = {
        south: (around!.lat - AROUND_DEGREES).toFixed(2),
        west: (around!.lon - span).toFixed(2),
        north: (around!.lat + AROUND_DEGREES).toFixed(2),
        east: (around!.lon + span).toFixed(2),
      };
      const answer = await api<MapAnswer>(`/map/places?${new URLSearchParams(area).toString()}`);
      let nearest: NearestPlace | null = null;
      for (const place of answer.places) {
        const distance = distanceMeters(at!, place);
        if (!nearest || distance < nearest.distance) nearest = { place, distance };
      }
      return nearest;
    },
  });
}

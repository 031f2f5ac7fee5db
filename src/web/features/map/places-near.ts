import { distanceMeters } from "../../../shared/acts/distance.js";
import type { MapPlace } from "../../../shared/schemas/map.js";

export type PlaceWithDistance = MapPlace & { distanceMeters: number | null; inRange: boolean };

/**
 * The places with their distance from the person (worked out here: a
 * position never leaves the browser for the map), nearest first when known.
 */
export function placesNear(places: MapPlace[], me: { lat: number; lon: number } | null): PlaceWithDistance[] {
  const measured = places.map((place) => {
    const distance = me ? distanceMeters(me, { lat: place.lat, lon: place.lon }) : null;
    return { ...place, distanceMeters: distance, inRange: distance !== null && distance <= place.radiusMeters };
  });
  return me ? measured.sort((a, b) => a.distanceMeters! - b.distanceMeters!) : measured.sort((a, b) => a.name.localeCompare(b.name));
}

const EARTH_RADIUS_M = 6_371_000;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres (haversine, Earth radius 6,371,000 m as docs/design.md §3 fixes). */
export function distanceMeters(a: { lat: number; lon: number }, b: { lat: number; lon: number }): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The rule of a location code: a position counts when it is within the
 * place's radius. Returns the distance in whole metres when it is too far,
 * null when it is close enough; the server refuses with it, and the scan page
 * says it as soon as the position is known.
 */
export function distanceOutsideRadius(
  position: { lat: number; lon: number },
  place: { lat: number; lon: number; radiusMeters: number },
): number | null {
  const distance = distanceMeters(position, place);
  return distance > place.radiusMeters ? Math.round(distance) : null;
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { MapAnswer, MapArea } from "../../../../shared/schemas/map.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** The view rounded outwards a little, so small pans reuse the answer. */
function roundArea(area: MapArea): MapArea {
  const step = 0.01;
  return {
    south: Math.max(-90, Math.floor(area.south / step) * step),
    west: Math.max(-180, Math.floor(area.west / step) * step),
    north: Math.min(90, Math.ceil(area.north / step) * step),
    east: Math.min(180, Math.ceil(area.east / step) * step),
  };
}

/** GET /api/map/places?south=&west=&north=&east=: the places in view (or counts, when there are too many). */
export function usePlaces(area: MapArea | null) {
  const rounded = area && roundArea(area);
  const search = rounded && new URLSearchParams(Object.entries(rounded).map(([k, v]) => [k, v.toFixed(2)])).toString();
  return useQuery({
    queryKey: queryKeys.mapPlaces(search ?? ""),
    queryFn: () => api<MapAnswer>(`/map/places?${search}`),
    enabled: search !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

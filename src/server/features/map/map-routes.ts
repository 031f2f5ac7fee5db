import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAP_PLACES_LIMIT, mapAnswerSchema, mapAreaQuerySchema, type MapAnswer, type MapArea } from "../../../shared/schemas/map.js";
import type { AppDeps } from "../../http/deps.js";
import { sharedRead } from "../stats/public-read-cache.js";
import { clustersIn, countPlaces, placesIn } from "./map-repository.js";

/** About 12 cells across the wider side of the view. */
function gridCell(area: MapArea): number {
  const width = area.west <= area.east ? area.east - area.west : 360 - area.west + area.east;
  return Math.max(width, area.north - area.south) / 12;
}

/**
 * The places of the visible area: each place when there are few enough to
 * draw (the browser clusters close dots), else counts on a coarse grid.
 * Public: the map is for visitors too, and shares the public numbers' short
 * cache. A user's position never comes here; distances are worked out in the
 * browser.
 */
export const mapRoutes =
  ({ reads, publicCache }: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/map/places",
      { config: { access: "anyone" }, schema: { querystring: mapAreaQuerySchema, response: { 200: mapAnswerSchema } } },
      (request): Promise<MapAnswer> => {
        const area = request.query;
        // Everyone looking at the same area (the browser rounds it) shares one answer for a few seconds.
        const key = `map:${area.south},${area.west},${area.north},${area.east}`;
        return sharedRead({ reads, publicCache }, request, key, async (db) => {
          if ((await countPlaces(db, area, MAP_PLACES_LIMIT)) > MAP_PLACES_LIMIT) {
            return { places: [], clusters: await clustersIn(db, area, gridCell(area)) };
          }
          return { places: await placesIn(db, area, new Date()), clusters: [] };
        });
      },
    );
  };

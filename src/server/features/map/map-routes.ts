import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MAP_PLACES_LIMIT, mapAnswerSchema, mapAreaQuerySchema, type MapArea } from "../../../shared/schemas/map.js";
import type { HttpDeps } from "../../http/deps.js";
import { sendSharedRead } from "../../http/public-read-cache.js";
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
  ({ reads, publicCache }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/map/places",
      { config: { access: "anyone" }, schema: { querystring: mapAreaQuerySchema, response: { 200: mapAnswerSchema } } },
      async (request, reply) => {
        const area = request.query;
        // Everyone looking at the same area (the browser rounds it) shares one answer for a few seconds.
        const shared = { key: `map:${area.south},${area.west},${area.north},${area.east}`, schema: mapAnswerSchema };
        return sendSharedRead({ reads, publicCache }, request, reply, shared, async (db) =>
          (await countPlaces(db, area, MAP_PLACES_LIMIT)) > MAP_PLACES_LIMIT
            ? { places: [], clusters: await clustersIn(db, area, gridCell(area)) }
            : { places: await placesIn(db, area, new Date()), clusters: [] },
        );
      },
    );
  };

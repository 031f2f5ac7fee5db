import type { FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { z } from "zod/mini";
import type { ReadRouting } from "../platform/db/read-routing.js";
import type { DB } from "../platform/db/schema.js";
import type { LiveEvents } from "../platform/live/live-events.js";

/**
 * A short cache shared by everyone for the public numbers (home stats, feed,
 * leaderboards), so a crowd refreshing the home page costs one query per
 * figure, not one per person. Every numbering batch, from any process, empties
 * it (through the live events), and nothing is kept longer than `ttlMs`, for
 * what no act announces (a new member, an organisation's new name). Requests
 * from a browser that has just written skip it (see read-routing.ts).
 */
export interface PublicReadCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
}

/** Keys beyond this drop the oldest: the map's areas are many, memory is not. */
const MAX_ENTRIES = 2000;

export function createPublicReadCache(live: LiveEvents, ttlMs: number): PublicReadCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  // New acts change the public numbers; the community's events do not.
  // Acts announced while the LISTEN connection was down were never heard.
  live.onResume(() => entries.clear());
  live.subscribe((event) => {
    if (event.type === "acts") entries.clear();
  });
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs === 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value as Promise<T>;
      // One load for every request that arrives while it runs; a failure is not kept.
      const value = load().catch((error: unknown) => {
        if (entries.get(key)?.value === value) entries.delete(key);
        throw error;
      });
      entries.delete(key);
      entries.set(key, { at: now, value });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return value;
    },
    clear: () => entries.clear(),
  };
}

/**
 * A public answer through the shared cache, unless this browser just wrote and
 * must see its change. It is kept as JSON text: checked against the route's
 * response schema and serialised once when loaded, not again for every
 * visitor (a string with a JSON content type goes out as it is; Fastify
 * serialises objects only).
 */
export async function sendSharedRead<Schema extends z.ZodMiniType>(
  deps: { reads: ReadRouting; publicCache: PublicReadCache },
  request: FastifyRequest,
  reply: FastifyReply,
  shared: { key: string; schema: Schema },
  load: (db: Kysely<DB>) => Promise<z.input<Schema>>,
): Promise<void> {
  const loadJson = async () => JSON.stringify(shared.schema.parse(await load(await deps.reads.readerFor(request))));
  const json = deps.reads.justWrote(request) ? await loadJson() : await deps.publicCache.get(shared.key, loadJson);
  // Sent here: the handler resolves with nothing once the answer has gone.
  void reply.type("application/json; charset=utf-8").send(json);
}

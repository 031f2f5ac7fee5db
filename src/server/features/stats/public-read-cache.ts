import type { LiveEvents } from "../live/live-events.js";

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

export function createPublicReadCache(live: LiveEvents, ttlMs: number): PublicReadCache {
  const entries = new Map<string, { at: number; value: Promise<unknown> }>();
  live.subscribe(() => entries.clear());
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
      entries.set(key, { at: now, value });
      return value;
    },
    clear: () => entries.clear(),
  };
}

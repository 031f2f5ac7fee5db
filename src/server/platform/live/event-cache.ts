import type { LiveEvent } from "../../../shared/schemas/stats.js";
import type { LiveEvents } from "./live-events.js";

/** A safety net: a change whose event was lost (a dropped LISTEN connection) shows within this. */
const TTL_MS = 5_000;

/**
 * One shared value (the chat's or the gallery's newest page as everyone sees
 * it), loaded once for a crowd of readers and emptied by every live event of
 * its kind, from any process. A load that began before a change is not kept:
 * the generation it started in is over.
 */
export interface EventCache<T> {
  get(load: () => Promise<T>): Promise<T>;
  clear(): void;
}

export function createEventCache<T>(live: LiveEvents, type: LiveEvent["type"]): EventCache<T> {
  let generation = 0;
  let entry: { generation: number; at: number; value: Promise<T> } | null = null;
  const clear = () => {
    generation += 1;
    entry = null;
  };
  live.onResume(clear);
  live.subscribe((event) => {
    if (event.type === type) clear();
  });
  return {
    get(load) {
      const now = Date.now();
      if (entry && entry.generation === generation && now - entry.at < TTL_MS) return entry.value;
      const started = generation;
      const value = load();
      entry = { generation: started, at: now, value };
      value.catch(() => {
        if (entry?.value === value) entry = null;
      });
      return value;
    },
    clear,
  };
}

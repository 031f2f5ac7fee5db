import type { LiveEvent } from "../../../shared/schemas/stats.js";
import type { Database } from "../db/client.js";

type Listener = (event: LiveEvent) => void;

/**
 * Fans out the database's NOTIFY messages to this process's subscribers
 * (the open event streams). Every process LISTENs, so an act recorded by one
 * reaches browsers connected to any other.
 */
export interface LiveEvents {
  subscribe(listener: Listener): () => void;
  readonly subscribers: number;
  close(): Promise<void>;
}

export async function startLiveEvents(database: Pick<Database, "listen">): Promise<LiveEvents> {
  const listeners = new Set<Listener>();
  const stop = await database.listen((payload) => {
    let event: LiveEvent;
    try {
      event = JSON.parse(payload) as LiveEvent;
    } catch {
      return;
    }
    for (const listener of listeners) listener(event);
  });
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get subscribers() {
      return listeners.size;
    },
    close: stop,
  };
}

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
  /** Called after the LISTEN connection came back: what was announced meanwhile is lost, so caches start afresh. */
  onResume(listener: () => void): void;
  readonly subscribers: number;
  /** Whether the LISTEN connection is up now (readiness: a process without it would serve stale live views). */
  readonly connected: boolean;
  close(): Promise<void>;
}

export async function startLiveEvents(database: Pick<Database, "listen">): Promise<LiveEvents> {
  const listeners = new Set<Listener>();
  const resumed: (() => void)[] = [];
  let connected = false;
  let everConnected = false;
  const stop = await database.listen(
    (payload) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(payload) as LiveEvent;
      } catch {
        return;
      }
      for (const listener of listeners) listener(event);
    },
    {
      onConnected: () => {
        connected = true;
        if (everConnected) for (const listener of resumed) listener();
        everConnected = true;
      },
      onDropped: () => {
        connected = false;
      },
    },
  );
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onResume(listener) {
      resumed.push(listener);
    },
    get subscribers() {
      return listeners.size;
    },
    get connected() {
      return connected;
    },
    close: stop,
  };
}

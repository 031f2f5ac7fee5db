import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { queryKeys } from "./query-keys.js";

/** Someone, somewhere, recorded an act: public numbers change. */
export function refreshPublicActViews(client: QueryClient): void {
  for (const key of [queryKeys.acts.globalStats, queryKeys.acts.feed, queryKeys.acts.leaderboards]) {
    void client.invalidateQueries({ queryKey: key });
  }
}

/** This user recorded an act: every view of acts changes, theirs included. */
export function refreshAllActViews(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: queryKeys.acts.all });
}

/** The spec refreshes the feed one second after an insert event, letting bursts settle. */
const EVENT_SETTLE_MS = 1000;

/**
 * Listens to /api/events for the whole app. EventSource reconnects by itself
 * (the server sends `retry`); while it is down, the feed's 30 s polling keeps
 * views fresh.
 */
export function useLiveActs(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    source.addEventListener("acts", () => {
      clearTimeout(timer);
      timer = setTimeout(() => refreshPublicActViews(client), EVENT_SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, [client]);
}

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

/** Chat and gallery changes come in bursts (a like storm); one refetch per short burst. */
const COMMUNITY_SETTLE_MS = 200;

/** Calls `run` once a burst of calls has been quiet for `ms`. */
function settled(ms: number, run: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    poke() {
      clearTimeout(timer);
      timer = setTimeout(run, ms);
    },
    cancel: () => clearTimeout(timer),
  };
}

/**
 * Listens to /api/events for the whole app: new acts, and changes in the
 * chat and the gallery (which views then refetch, so likes and "mine" stay
 * per person). EventSource reconnects by itself (the server sends `retry`);
 * while it is down, the feed's 30 s polling keeps views fresh.
 */
export function useLiveEvents(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    const acts = settled(EVENT_SETTLE_MS, () => refreshPublicActViews(client));
    const chat = settled(COMMUNITY_SETTLE_MS, () => void client.invalidateQueries({ queryKey: queryKeys.chat.all }));
    const gallery = settled(COMMUNITY_SETTLE_MS, () => void client.invalidateQueries({ queryKey: queryKeys.gallery.all }));
    source.addEventListener("acts", acts.poke);
    source.addEventListener("chat", chat.poke);
    source.addEventListener("gallery", gallery.poke);
    // The server sends a personal event to its person's streams only: thanks for a card they passed on.
    const personal = () => void client.invalidateQueries({ queryKey: queryKeys.receivedThanks });
    source.addEventListener("personal", personal);
    return () => {
      for (const burst of [acts, chat, gallery]) burst.cancel();
      source.removeEventListener("personal", personal);
      source.close();
    };
  }, [client]);
}

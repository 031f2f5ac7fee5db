import { useQuery } from "@tanstack/react-query";
import type { FeedItem, GlobalStats } from "../../../shared/schemas/stats.js";
import { actQueryKeys } from "../../lib/act-queries.js";
import { api } from "../../lib/api.js";

/** Spec participant 9: the global count refreshes every 15 s and is stale after 10 s. */
export function useGlobalStats() {
  return useQuery({
    queryKey: actQueryKeys.globalStats,
    queryFn: () => api<GlobalStats>("/stats"),
    refetchInterval: 15_000,
    staleTime: 10_000,
  });
}

/** The latest 20 acts: live events refresh it; polling every 30 s covers a lost stream. */
export function useFeed() {
  return useQuery({
    queryKey: actQueryKeys.feed,
    queryFn: () => api<{ items: FeedItem[] }>("/feed?limit=20"),
    refetchInterval: 30_000,
    staleTime: 10_000,
  });
}

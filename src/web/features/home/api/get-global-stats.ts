import { queryOptions, useQuery } from "@tanstack/react-query";
import type { GlobalStats } from "../../../../shared/schemas/stats.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/stats: the home counters and this month's leading teams. */
export const getGlobalStats = (): Promise<GlobalStats> => api("/stats");

/** docs/spec/participant.md §9: the global count refreshes every 15 s and is stale after 10 s. */
export const globalStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.acts.globalStats, queryFn: getGlobalStats, refetchInterval: 15_000, staleTime: 10_000 });

export const useGlobalStats = () => useQuery(globalStatsQueryOptions());

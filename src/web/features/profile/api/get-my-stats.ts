import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyStats } from "../../../../shared/schemas/stats.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/stats: totals, rank, streaks, badges and tickets. */
export const getMyStats = (): Promise<MyStats> => api("/me/stats");

export const myStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.acts.myStats, queryFn: getMyStats, staleTime: 30_000 });

export const useMyStats = () => useQuery(myStatsQueryOptions());

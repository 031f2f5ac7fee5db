import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ContestsOverview } from "../../../../shared/schemas/stats.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/contests: the contest running now, else the next one, with my tickets when signed in. */
export const getContests = (): Promise<ContestsOverview> => api("/contests");

export const contestsQueryOptions = () => queryOptions({ queryKey: queryKeys.acts.contests, queryFn: getContests, staleTime: 60_000 });

export const useContests = () => useQuery(contestsQueryOptions());

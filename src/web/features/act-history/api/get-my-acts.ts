import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import type { ActHistory } from "../../../../shared/schemas/stats.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/acts: one page of my acts, newest first; `before` is the previous page's last act number. */
export const getMyActs = (before?: number): Promise<ActHistory> => api(`/me/acts${before ? `?before=${before}` : ""}`);

export const myActsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: queryKeys.acts.myHistory,
    queryFn: ({ pageParam }) => getMyActs(pageParam || undefined),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    staleTime: 30_000,
  });

export const useMyActs = () => useInfiniteQuery(myActsQueryOptions());

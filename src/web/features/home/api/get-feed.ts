import { queryOptions, useQuery } from "@tanstack/react-query";
import { FEED_SIZE } from "../../../../shared/constants.js";
import type { Feed } from "../../../../shared/schemas/stats.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/feed: the latest numbered acts, newest first. */
export const getFeed = (limit = FEED_SIZE): Promise<Feed> => api(`/feed?limit=${limit}`);

/** Live events refresh it; polling every 30 s covers a lost stream. */
export const feedQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.acts.feed, queryFn: () => getFeed(), refetchInterval: 30_000, staleTime: 10_000 });

export const useFeed = () => useQuery(feedQueryOptions());

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicConfig } from "../../shared/schemas/system.js";
import { api } from "./api.js";
import { queryKeys } from "./query-keys.js";

/** GET /api/public-config: the map tiles and the support address this deployment uses. */
export const getPublicConfig = (): Promise<PublicConfig> => api("/public-config");

export const publicConfigQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.publicConfig, queryFn: getPublicConfig, staleTime: Infinity });

export const usePublicConfig = () => useQuery(publicConfigQueryOptions());

import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Profile } from "../../../../shared/schemas/profile.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me: the signed-in person's account details. */
export const getProfile = (): Promise<Profile> => api("/me");

export const profileQueryOptions = () => queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile });

export const useProfile = () => useQuery(profileQueryOptions());

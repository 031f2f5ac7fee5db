import { queryOptions, useQuery } from "@tanstack/react-query";
import type { MyHome } from "../../../../shared/schemas/stats.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/home: the signed-in person's streak, week, next milestone, tickets and latest act. */
export const getMyHome = (): Promise<MyHome> => api("/me/home");

/** Under the "acts" prefix: recording an act (or a live event) refreshes it with every view of acts. */
export const myHomeQueryOptions = () => queryOptions({ queryKey: queryKeys.acts.myHome, queryFn: getMyHome, staleTime: 10_000 });

export const useMyHome = (enabled: boolean) => useQuery({ ...myHomeQueryOptions(), enabled });

import { useQuery } from "@tanstack/react-query";
import type { MyStats } from "../../../shared/schemas/stats.js";
import { actQueryKeys } from "../../lib/act-queries.js";
import { api } from "../../lib/api.js";

export function useMyStats() {
  return useQuery({ queryKey: actQueryKeys.myStats, queryFn: () => api<MyStats>("/me/stats"), staleTime: 30_000 });
}

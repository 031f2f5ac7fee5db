import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AdminAnalytics, Overview, SystemStatus } from "../../../../shared/schemas/admin.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/admin/overview: the panel's totals. */
export const useOverview = () => useQuery({ queryKey: queryKeys.admin("overview"), queryFn: () => api<Overview>("/admin/overview") });

/** GET /api/admin/analytics?days=…: countries, acts per day, new members per week. */
export const useAdminAnalytics = (days: number) =>
  useQuery({
    queryKey: queryKeys.admin("analytics", days),
    queryFn: () => api<AdminAnalytics>(`/admin/analytics?days=${days}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/system: what Kindly runs on, the outgoing mail and the refusals. */
export const useSystemStatus = (failedOnly: boolean) =>
  useQuery({
    queryKey: queryKeys.admin("system", String(failedOnly)),
    queryFn: () => api<SystemStatus>(`/admin/system?failedOnly=${failedOnly}`),
    placeholderData: keepPreviousData,
  });

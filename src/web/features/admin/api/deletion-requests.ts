import { useQuery } from "@tanstack/react-query";
import type { DeletionRequests } from "../../../../shared/schemas/admin.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/admin/deletion-requests: accounts asked to be deleted, with their purge dates. */
export const useDeletionRequests = () =>
  useQuery({ queryKey: queryKeys.admin("deletion-requests"), queryFn: () => api<DeletionRequests>("/admin/deletion-requests") });

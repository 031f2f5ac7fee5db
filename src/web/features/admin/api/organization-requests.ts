import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrganizationRequestView } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export type RequestStatus = OrganizationRequestView["status"];

/** GET /api/admin/organization-requests?status=…: the official account's queue. */
export const getRequests = (status: RequestStatus): Promise<{ requests: OrganizationRequestView[] }> =>
  api(`/admin/organization-requests?status=${status}`);

export const useRequests = (status: RequestStatus) =>
  useQuery({ queryKey: queryKeys.adminRequests(status), queryFn: () => getRequests(status) });

/** POST …/approve or …/decline: decided once; every list refreshes. */
export function useDecideRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, reason }: { id: string; decision: "approve" | "decline"; reason?: string }) =>
      api<{ organizationId: string; owner: "attached" | "invited" } | undefined>(`/admin/organization-requests/${id}/${decision}`, {
        method: "POST",
        body: decision === "decline" ? { reason } : {},
      }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin", "organization-requests"] }),
  });
}

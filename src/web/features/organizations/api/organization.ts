import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OrganizationSettingsInput, OrganizationView } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/organizations/:id: name, type, industry, code and my role there. */
export const useOrganization = (organizationId: string) =>
  useQuery({
    queryKey: queryKeys.organizationPart(organizationId, "view"),
    queryFn: () => api<OrganizationView>(`/organizations/${organizationId}`),
  });

/** PUT /api/organizations/:id (owners and admins). */
export function useUpdateSettings(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: OrganizationSettingsInput) => api<void>(`/organizations/${organizationId}`, { method: "PUT", body: input }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: queryKeys.organization(organizationId) }),
        client.invalidateQueries({ queryKey: queryKeys.myOrganizations }),
      ]),
  });
}

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

/** PUT /api/organizations/:id/logo as a multipart form (owners and admins); DELETE removes it. */
export function useLogo(organizationId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.organization(organizationId) });
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append("logo", file);
      return api<{ logoUrl: string }>(`/organizations/${organizationId}/logo`, { method: "PUT", body: form });
    },
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: () => api<void>(`/organizations/${organizationId}/logo`, { method: "DELETE" }),
    onSuccess: refresh,
  });
  return { upload, remove };
}

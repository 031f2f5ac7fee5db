import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateOrganizationInput } from "../../../../shared/schemas/admin.js";
import type { OrganizationKind } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export interface AdminOrganization {
  id: string;
  name: string;
  type: OrganizationKind;
  industry: string | null;
  orgCode: string;
  members: number;
  createdAt: string;
}

export const useAdminOrganizations = (q: string, page: number) =>
  useQuery({
    queryKey: queryKeys.admin("organizations", q, page),
    queryFn: () =>
      api<{ items: AdminOrganization[]; page: number; hasMore: boolean }>(`/admin/organizations?q=${encodeURIComponent(q)}&page=${page}`),
    placeholderData: keepPreviousData,
  });

export function useCreateOrganization() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOrganizationInput) => api<{ id: string }>("/admin/organizations", { method: "POST", body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}

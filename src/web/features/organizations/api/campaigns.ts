import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CampaignInput, CampaignView } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

const key = (organizationId: string) => queryKeys.organizationPart(organizationId, "campaigns");

/** GET …/campaigns. */
export const useCampaigns = (organizationId: string) =>
  useQuery({
    queryKey: key(organizationId),
    queryFn: () => api<{ campaigns: CampaignView[] }>(`/organizations/${organizationId}/campaigns`),
  });

/** POST …/campaigns (saved, docs/design.md §4.9); the map shows it too. */
export function useCreateCampaign(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) =>
      api<{ id: string }>(`/organizations/${organizationId}/campaigns`, { method: "POST", body: input }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: key(organizationId) }), client.invalidateQueries({ queryKey: ["map"] })]),
  });
}

/** POST …/campaigns/:id with pause, resume or end. */
export function useChangeCampaign(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: "pause" | "resume" | "end" }) =>
      api(`/organizations/${organizationId}/campaigns/${id}`, { method: "POST", body: { action } }),
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: key(organizationId) }), client.invalidateQueries({ queryKey: ["map"] })]),
  });
}

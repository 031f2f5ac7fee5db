import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OrganizationRequestInput } from "../../../../shared/schemas/organizations.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** POST /api/organization-requests: stored for the official account, mailed to the support team. */
export const submitOrganizationRequest = (input: OrganizationRequestInput): Promise<Ok> =>
  api("/organization-requests", { method: "POST", body: input });

export function useSubmitOrganizationRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: submitOrganizationRequest,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.myOrganizationRequests }),
  });
}

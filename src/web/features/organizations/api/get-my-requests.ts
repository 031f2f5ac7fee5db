import { useQuery } from "@tanstack/react-query";
import type { OrganizationRequestView } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/organization-requests/mine: the requests the signed-in person sent, with their state. */
export const getMyRequests = (): Promise<{ requests: OrganizationRequestView[] }> => api("/organization-requests/mine");

export const useMyRequests = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.myOrganizationRequests, queryFn: getMyRequests, enabled });

import { useQuery } from "@tanstack/react-query";
import type { MyOrganizations } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/organizations: the dashboards this person may open (invitations to their address join here). */
export const getMyOrganizations = (): Promise<MyOrganizations> => api("/me/organizations");

export const useMyOrganizations = () => useQuery({ queryKey: queryKeys.myOrganizations, queryFn: getMyOrganizations });

import { useQuery } from "@tanstack/react-query";
import type { InvitationPreview } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";

/** GET /api/invitations/:id: the address and organisation an emailed invitation is for (404 once used or expired). */
export const useInvitation = (invitationId: string | null) =>
  useQuery({
    queryKey: ["invitation", invitationId],
    queryFn: () => api<InvitationPreview>(`/invitations/${encodeURIComponent(invitationId!)}`),
    enabled: invitationId !== null,
    retry: false,
    staleTime: Infinity,
  });

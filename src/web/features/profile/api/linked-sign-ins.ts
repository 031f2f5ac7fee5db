import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LinkedSignIn } from "../../../../shared/schemas/workplace.js";
import { api } from "../../../lib/api.js";

const KEY = ["linked-sign-ins"] as const;

/** GET /api/me/linked-sign-ins: the employers' sign-ins that open this account. */
export const useLinkedSignIns = () =>
  useQuery({ queryKey: KEY, queryFn: () => api<{ linkedSignIns: LinkedSignIn[] }>("/me/linked-sign-ins") });

export const useUnlinkSignIn = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (organizationId: string) => api(`/me/linked-sign-ins/${encodeURIComponent(organizationId)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
};

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUser } from "../../../../shared/schemas/admin.js";
import type { Role } from "../../../../shared/schemas/roles.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export type UserOrder = "acts" | "newest";

export const useAdminUsers = (q: string, order: UserOrder, page: number) =>
  useQuery({
    queryKey: queryKeys.admin("users", q, order, page),
    queryFn: () =>
      api<{ items: AdminUser[]; page: number; hasMore: boolean }>(`/admin/users?q=${encodeURIComponent(q)}&order=${order}&page=${page}`),
    placeholderData: keepPreviousData,
  });

/** POST …/suspend or …/restore. */
export function useSetSuspended() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspended }: { userId: string; suspended: boolean }) =>
      api<void>(`/admin/users/${userId}/${suspended ? "suspend" : "restore"}`, { method: "POST", body: {} }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}

/** The existing role endpoints (the role policy decides on the server). */
export function useChangeRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role, grant }: { userId: string; role: Role; grant: boolean }) =>
      grant
        ? api<void>(`/users/${userId}/roles`, { method: "POST", body: { role } })
        : api<void>(`/users/${userId}/roles/${role}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: ["admin"] }),
  });
}

import { useMutation, useQuery } from "@tanstack/react-query";
import type { ActiveSession } from "../../../../shared/schemas/auth.js";
import type { Ok } from "../../../../shared/schemas/responses.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";
import { forgetSignedInUser } from "../../../lib/session.js";

/** GET /api/auth/sessions: the devices signed in to this account, this one marked. */
export const useSignedInDevices = () =>
  useQuery({
    queryKey: queryKeys.signedInDevices,
    queryFn: () => api<{ sessions: ActiveSession[] }>("/auth/sessions"),
  });

/** DELETE /api/auth/sessions/:id: signs one other device out. */
export const useSignOutDevice = () =>
  useMutation({
    mutationFn: (id: string): Promise<Ok> => api(`/auth/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSuccess: (_data, _id, _context, { client }) => client.invalidateQueries({ queryKey: queryKeys.signedInDevices }),
  });

/** POST /api/auth/sign-out-everywhere: every device, this one included; everything cached for the person goes. */
export const useSignOutEverywhere = () =>
  useMutation({
    mutationFn: (): Promise<Ok> => api("/auth/sign-out-everywhere", { method: "POST", body: {} }),
    onSuccess: (_data, _input, _context, { client }) => forgetSignedInUser(client),
  });

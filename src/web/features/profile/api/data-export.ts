import { useMutation, useQuery } from "@tanstack/react-query";
import type { DataExport } from "../../../../shared/schemas/profile.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/me/exports/latest: the latest archive, asked again every second while it is being built. */
export const useLatestExport = () =>
  useQuery({
    queryKey: queryKeys.dataExport,
    queryFn: () => api<{ export: DataExport | null }>("/me/exports/latest"),
    refetchInterval: (query) => (query.state.data?.export?.status === "building" ? 1000 : false),
  });

/** POST /api/me/exports: starts building a new archive. */
export const useRequestExport = () =>
  useMutation({
    mutationFn: (): Promise<DataExport> => api("/me/exports", { method: "POST", body: {} }),
    onSuccess: (started, _input, _context, { client }) => client.setQueryData(queryKeys.dataExport, { export: started }),
  });

/** Where the browser downloads a ready archive (its session proves whose it is). */
export const exportFileUrl = (id: string) => `/api/me/exports/${encodeURIComponent(id)}/file`;

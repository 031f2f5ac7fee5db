import { useQuery } from "@tanstack/react-query";
import type { QrLink } from "../../../../shared/schemas/organizations.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

export type CodeSource = "locations" | "card-series";

/** GET …/:source/:id/code: the exact link the printed code encodes. */
export const useCodeLink = (organizationId: string, source: CodeSource, id: string, card?: number) =>
  useQuery({
    queryKey: queryKeys.organizationPart(organizationId, "code", source, id, card ?? 0),
    queryFn: () => api<QrLink>(`/organizations/${organizationId}/${source}/${id}/code${card ? `?card=${card}` : ""}`),
  });

/** Where the browser downloads a file of the code (the session cookie goes along). */
export function codeFileUrl(
  organizationId: string,
  source: CodeSource,
  id: string,
  format: "png" | "svg" | "pdf",
  query: Record<string, string | number> = {},
) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return `/api/organizations/${organizationId}/${source}/${id}/code.${format}${search ? `?${search}` : ""}`;
}

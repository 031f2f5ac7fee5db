import { useQuery } from "@tanstack/react-query";
import type { PublicAct } from "../../../../shared/schemas/share.js";
import { api } from "../../../lib/api.js";

/** GET /api/acts/:number: what anyone may see of a shared act. */
export const getPublicAct = (actNumber: number): Promise<PublicAct> => api(`/acts/${actNumber}`);

export const usePublicAct = (actNumber: number | null) =>
  useQuery({
    queryKey: ["public-act", actNumber],
    queryFn: () => getPublicAct(actNumber!),
    enabled: actNumber !== null,
    staleTime: 60_000,
    retry: false,
    meta: { sameInEveryLanguage: true },
  });

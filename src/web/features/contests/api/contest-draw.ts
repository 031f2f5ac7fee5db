import { useQuery } from "@tanstack/react-query";
import type { ContestProof } from "../../../../shared/schemas/contests.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/contests/:id/draw: everything needed to check the draw. */
export const useContestDraw = (contestId: string) =>
  useQuery({
    queryKey: queryKeys.contestDraw(contestId),
    queryFn: () => api<ContestProof>(`/contests/${encodeURIComponent(contestId)}/draw`),
  });

/** GET /api/contests/past: contests that have ended, newest first. */
export const usePastContests = () =>
  useQuery({
    queryKey: queryKeys.pastContests,
    queryFn: () => api<{ contests: { id: string; name: string; endsAt: string; drawnAt: string | null }[] }>("/contests/past"),
    staleTime: 60_000,
  });

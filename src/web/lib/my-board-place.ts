import { useQuery } from "@tanstack/react-query";
import type { LeaderboardPeriod, MyBoardPlace } from "../../shared/schemas/stats.js";
import { api } from "./api.js";
import { queryKeys } from "./query-keys.js";

/**
 * GET /api/me/leaderboard: the signed-in person's own row on the individual
 * board (its key, rank, and the name the board shows). Shared: the boards
 * mark "you" with it, and the profile names the pseudonym.
 */
export const getMyBoardPlace = (period: LeaderboardPeriod): Promise<MyBoardPlace> => api(`/me/leaderboard?period=${period}`);

export const useMyBoardPlace = (period: LeaderboardPeriod, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.acts.myBoardPlace(period), queryFn: () => getMyBoardPlace(period), enabled, staleTime: 30_000 });

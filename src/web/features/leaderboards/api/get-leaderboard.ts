import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Leaderboard, LeaderboardBoard, LeaderboardPeriod } from "../../../../shared/schemas/stats.js";
import { api } from "../../../lib/api.js";
import { queryKeys } from "../../../lib/query-keys.js";

/** GET /api/leaderboards: one board's top 50 for one period, ranked. */
export const getLeaderboard = (board: LeaderboardBoard, period: LeaderboardPeriod): Promise<Leaderboard> =>
  api(`/leaderboards?board=${board}&period=${period}`);

export const leaderboardQueryOptions = (board: LeaderboardBoard, period: LeaderboardPeriod) =>
  queryOptions({ queryKey: queryKeys.acts.leaderboard(board, period), queryFn: () => getLeaderboard(board, period), staleTime: 30_000 });

export const useLeaderboard = (board: LeaderboardBoard, period: LeaderboardPeriod) => useQuery(leaderboardQueryOptions(board, period));

import { z } from "zod/mini";
import type { Rarity } from "../acts/rarity.js";
import type { CardType } from "./scans.js";

export const LEADERBOARD_PERIODS = ["monthly", "yearly", "all"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
/** receivers: individuals; givers: companies, organisations (government and non-profit), countries. */
export const LEADERBOARD_BOARDS = ["individual", "company", "organisation", "country"] as const;
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];

/** The home feed shows this many acts; a client may ask for up to 50. */
export const FEED_SIZE = 20;
export const feedQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), FEED_SIZE),
});

export const leaderboardQuerySchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS),
  period: z._default(z.enum(LEADERBOARD_PERIODS), "monthly"),
});

export interface LeaderboardRow {
  rank: number;
  id: string;
  name: string;
  /** Country code of a person or organisation; the country itself for the country board. */
  country: string | null;
  industry: string | null;
  acts: number;
}

export interface Leaderboard {
  board: LeaderboardBoard;
  period: LeaderboardPeriod;
  rows: LeaderboardRow[];
}

export interface FeedItem {
  actNumber: number;
  scannedAt: string;
  pseudonym: string;
  organizationName: string;
}

export interface GlobalStats {
  totalActs: number;
  todayActs: number;
  users: number;
  companies: number;
  countries: number;
  topTeams: LeaderboardRow[];
}

export interface AchievementView {
  id: string;
  icon: string;
  points: number;
  criteriaType: string;
  criteriaValue: number;
  earnedAt: string | null;
}

export interface MyStats {
  totalActs: number;
  rank: number;
  currentStreak: number;
  longestStreak: number;
  memberSince: string;
  rarities: Record<Rarity, number>;
  milestone: { previous: number; next: number };
  achievements: AchievementView[];
  /** Newest first, at most RECENT_ACT_NUMBERS. */
  recentActNumbers: number[];
  topOrganizations: { id: string; name: string; acts: number }[];
  contestTickets: number;
}

export const RECENT_ACT_NUMBERS = 32;

export interface HistoryAct {
  id: string;
  actNumber: number;
  organizationName: string;
  cardType: CardType;
  rarity: Rarity;
  scannedAt: string;
  day: string;
  pseudonym: string;
}

export const historyQuerySchema = z.object({
  /** Acts numbered below this (the previous page's last). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

export interface ActHistory {
  totalActs: number;
  activeDays: number;
  latestActAt: string | null;
  acts: HistoryAct[];
  nextBefore: number | null;
}

export const HISTORY_PAGE_SIZE = 100;

export interface ContestPrize {
  category: string;
  prize: string;
}

export interface ContestView {
  id: string;
  name: string;
  status: "active" | "upcoming" | "completed";
  startsAt: string;
  endsAt: string;
  prizes: ContestPrize[];
}

export interface ContestsOverview {
  contest: ContestView | null;
  /** The signed-in user's tickets in that contest; null for visitors. */
  myTickets: number | null;
  myTotalTickets: number | null;
}

/**
 * Events on /api/events: one per numbering batch, with how many acts it
 * numbered and the latest few of them (browsers refresh their views on it).
 */
export type LiveEvent = { type: "acts"; count: number; latest: FeedItem[] };

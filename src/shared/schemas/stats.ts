import { z } from "zod/mini";
import { thanksStatusSchema } from "./thanks.js";
import { FEED_SIZE } from "../constants.js";
import type { CommunityEvent } from "./community.js";
import { contestViewSchema } from "./contests.js";
import { RARITIES } from "../acts/rarity.js";
import { CARD_TYPES } from "./scans.js";

export const LEADERBOARD_PERIODS = ["monthly", "yearly", "all"] as const;
export type LeaderboardPeriod = (typeof LEADERBOARD_PERIODS)[number];
/** receivers: individuals, walking teams, work teams; givers: companies, organisations (government and non-profit), countries. */
export const LEADERBOARD_BOARDS = ["individual", "walking_team", "work_team", "company", "organisation", "country"] as const;
export const TEAM_BOARDS = ["walking_team", "work_team"] as const satisfies readonly LeaderboardBoardName[];
type LeaderboardBoardName = (typeof LEADERBOARD_BOARDS)[number];
export type LeaderboardBoard = (typeof LEADERBOARD_BOARDS)[number];

/** The home feed shows this many acts; a client may ask for up to 50. */
export const feedQuerySchema = z.object({
  limit: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(50)), FEED_SIZE),
});

export const leaderboardQuerySchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS),
  period: z._default(z.enum(LEADERBOARD_PERIODS), "monthly"),
});

export const leaderboardRowSchema = z.object({
  rank: z.number(),
  id: z.string(),
  name: z.string(),
  /** Country code of a person or organisation; the country itself for the country board. */
  country: z.nullable(z.string()),
  industry: z.nullable(z.string()),
  acts: z.number(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const leaderboardSchema = z.object({
  board: z.enum(LEADERBOARD_BOARDS),
  period: z.enum(LEADERBOARD_PERIODS),
  rows: z.array(leaderboardRowSchema),
});
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const feedItemSchema = z.object({
  actNumber: z.number(),
  scannedAt: z.string(),
  pseudonym: z.string(),
  organizationName: z.string(),
});
export type FeedItem = z.infer<typeof feedItemSchema>;
export const feedSchema = z.object({ items: z.array(feedItemSchema) });
export type Feed = z.infer<typeof feedSchema>;

export const globalStatsSchema = z.object({
  totalActs: z.number(),
  todayActs: z.number(),
  /** Today's day of the movement (New York days, day 1 on MOVEMENT_START_DAY): the server's clock, not the phone's. */
  movementDay: z.number(),
  users: z.number(),
  companies: z.number(),
  countries: z.number(),
  topTeams: z.array(leaderboardRowSchema),
  /** The goals still worth showing this year (see currentGoals). */
  goals: z.array(z.object({ target: z.number(), year: z.number(), reached: z.boolean() })),
});
export type GlobalStats = z.infer<typeof globalStatsSchema>;

export const achievementViewSchema = z.object({
  id: z.string(),
  icon: z.string(),
  points: z.number(),
  criteriaType: z.string(),
  criteriaValue: z.number(),
  earnedAt: z.nullable(z.string()),
});
export type AchievementView = z.infer<typeof achievementViewSchema>;

export const myStatsSchema = z.object({
  totalActs: z.number(),
  /** Null until the first act: nobody is ranked for doing nothing yet. */
  rank: z.nullable(z.number()),
  currentStreak: z.number(),
  longestStreak: z.number(),
  memberSince: z.string(),
  rarities: z.object({ bronze: z.number(), silver: z.number(), gold: z.number(), platinum: z.number() }),
  milestone: z.object({ previous: z.number(), next: z.number() }),
  achievements: z.array(achievementViewSchema),
  /** Newest first, at most RECENT_ACT_NUMBERS. */
  recentActNumbers: z.array(z.number()),
  /** Ranked like every board (ties share a rank). */
  topOrganizations: z.array(z.object({ rank: z.number(), id: z.string(), name: z.string(), acts: z.number() })),
  contestTickets: z.number(),
});
export type MyStats = z.infer<typeof myStatsSchema>;

export const RECENT_ACT_NUMBERS = 32;

export const historyActSchema = z.object({
  id: z.string(),
  actNumber: z.number(),
  organizationName: z.string(),
  cardType: z.enum(CARD_TYPES),
  rarity: z.enum(RARITIES),
  scannedAt: z.string(),
  /** The act's New York day (YYYY-MM-DD), which history groups by. */
  day: z.string(),
  pseudonym: z.string(),
  /** A portable card's journey page (`/cards/<id>`); null for other acts. */
  journeyId: z.nullable(z.string()),
  /** Whether the act may thank its card's previous holder: "available", "sent" already, or "none". */
  thanks: thanksStatusSchema.shape.status,
});
export type HistoryAct = z.infer<typeof historyActSchema>;

export const historyQuerySchema = z.object({
  /** Acts numbered below this (the previous page's last). */
  before: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

export const actHistorySchema = z.object({
  totalActs: z.number(),
  activeDays: z.number(),
  latestActAt: z.nullable(z.string()),
  acts: z.array(historyActSchema),
  /** Pass as `before` for the next page; null on the last page. */
  nextBefore: z.nullable(z.number()),
});
export type ActHistory = z.infer<typeof actHistorySchema>;

/** A phone screen scrolls through a few dozen acts; "Show more" reads the next page by keyset. */
export const HISTORY_PAGE_SIZE = 50;

export const contestsOverviewSchema = z.object({
  /** The contest running now, or else the next one. */
  contest: z.nullable(contestViewSchema),
  /** The contest after a running one, when one is planned (the spec's upcoming card). */
  upcoming: z.nullable(contestViewSchema),
  /** The signed-in user's tickets in that contest; null for visitors. */
  myTickets: z.nullable(z.number()),
  myTotalTickets: z.nullable(z.number()),
});
export type ContestsOverview = z.infer<typeof contestsOverviewSchema>;

/**
 * Events on /api/events: one per numbering batch, with how many acts it
 * numbered and the latest few of them (browsers refresh their views on it).
 */
/** Everything the events stream carries: new acts, and changes in the community. */
export type LiveEvent = { type: "acts"; count: number; latest: FeedItem[] } | CommunityEvent;

/**
 * The signed-in home page's own part: where the person stands today, before
 * the movement's counters (issue 26 §2). Lean on purpose: it loads on every
 * visit to the home page.
 */
export const myHomeSchema = z.object({
  totalActs: z.number(),
  /** Acts since Monday (New York days). */
  actsThisWeek: z.number(),
  streak: z.object({
    current: z.number(),
    /** An act today already counts; otherwise one today keeps (or starts) the streak. */
    scannedToday: z.boolean(),
    /** Streak freezes held: each covers one missed day, used automatically. */
    freezes: z.number(),
    /** The day a freeze covered, yesterday ('YYYY-MM-DD', New York's day), or null: home says so. */
    frozenDay: z.nullable(z.string()),
  }),
  milestone: z.object({ next: z.number(), left: z.number() }),
  /** The contest running now, with the person's tickets in it. */
  contest: z.nullable(z.object({ id: z.string(), name: z.string(), endsAt: z.string(), tickets: z.number() })),
  latestAct: z.nullable(
    z.object({
      /** Null for the instant between the act's commit and its numbering. */
      actNumber: z.nullable(z.number()),
      organizationName: z.string(),
      scannedAt: z.string(),
      rarity: z.enum(RARITIES),
    }),
  ),
});
export type MyHome = z.infer<typeof myHomeSchema>;

export const myBoardPlaceQuerySchema = z.object({ period: z._default(z.enum(LEADERBOARD_PERIODS), "monthly") });

/**
 * The signed-in person's own row on the individual board for a period: its
 * key (the row's id on the public board), the name the board shows them by,
 * their rank (null with no act in the period) and their acts.
 */
export const myBoardPlaceSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** True when the board shows the pseudonym (the person has not chosen to show their username). */
  pseudonymous: z.boolean(),
  rank: z.nullable(z.number()),
  acts: z.number(),
});
export type MyBoardPlace = z.infer<typeof myBoardPlaceSchema>;

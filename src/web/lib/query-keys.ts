import type { LeaderboardBoard, LeaderboardPeriod } from "../../shared/schemas/stats.js";
import type { ScanCheckRequest } from "../../shared/schemas/scans.js";

/**
 * Every query key of the app, defined once. Views of acts share the "acts"
 * prefix so that recording an act (or a live event) can refresh them all.
 */
export const queryKeys = {
  session: ["session"] as const,
  profile: ["profile"] as const,
  signedInDevices: ["profile", "devices"] as const,
  dataExport: ["profile", "data-export"] as const,
  notificationSettings: ["profile", "notification-settings"] as const,
  reminderOffer: ["profile", "reminder-offer"] as const,
  publicConfig: ["public-config"] as const,
  outbox: ["dev", "outbox"] as const,
  emailConfirmation: (token: string) => ["email-confirmation", token] as const,
  emailChange: (token: string) => ["email-change", token] as const,
  recoveryLink: (token: string) => ["recovery-link", token] as const,
  scanCheck: (code: ScanCheckRequest | null) => ["scan-check", code] as const,
  pendingClaim: (token: string) => ["pending-claim", token] as const,
  receivedThanks: ["thanks", "received"] as const,
  myOrganizationRequests: ["organization-requests", "mine"] as const,
  adminRequests: (status: string) => ["admin", "organization-requests", status] as const,
  /** Everything the admin panel shows starts with "admin"; a change there refreshes its views. */
  admin: (...part: (string | number)[]) => ["admin", ...part] as const,
  contestDraw: (contestId: string) => ["contests", "draw", contestId] as const,
  pastContests: ["contests", "past"] as const,
  myOrganizations: ["organizations", "mine"] as const,
  mapPlaces: (area: string) => ["map", "places", area] as const,
  nearestPlace: (around: string) => ["map", "nearest", around] as const,
  /** Everything about one organisation's dashboard starts with this. */
  organization: (organizationId: string) => ["organizations", organizationId] as const,
  organizationPart: (organizationId: string, ...part: (string | number)[]) => ["organizations", organizationId, ...part] as const,
  /** The chat and the gallery; a live event refreshes everything under its prefix. */
  chat: {
    all: ["chat"] as const,
    messages: ["chat", "messages"] as const,
    stats: ["chat", "stats"] as const,
  },
  gallery: {
    all: ["gallery"] as const,
    posts: ["gallery", "posts"] as const,
    post: (postId: string) => ["gallery", "post", postId] as const,
    stats: ["gallery", "stats"] as const,
    myActs: ["gallery", "my-acts"] as const,
  },
  cardJourney: (cardId: string) => ["card-journey", cardId] as const,
  notifications: ["notifications"] as const,
  /** The workplace area: access, then one key per tab (under "workplace", refreshed together after an unlock). */
  workplace: (...part: string[]) => ["workplace", ...part] as const,
  certificateCheck: (code: string) => ["certificate-check", code] as const,
  moderation: (view: string, page: number) => ["admin", "moderation", view, page] as const,
  acts: {
    all: ["acts"] as const,
    globalStats: ["acts", "global-stats"] as const,
    feed: ["acts", "feed"] as const,
    leaderboards: ["acts", "leaderboards"] as const,
    leaderboard: (board: LeaderboardBoard, period: LeaderboardPeriod) => ["acts", "leaderboards", board, period] as const,
    /** Under the boards' prefix: what refreshes the boards refreshes the person's own row too. */
    myBoardPlace: (period: LeaderboardPeriod) => ["acts", "leaderboards", "mine", period] as const,
    contests: ["acts", "contests"] as const,
    myStats: ["acts", "me", "stats"] as const,
    myHistory: ["acts", "me", "history"] as const,
    myHome: ["acts", "me", "home"] as const,
    /** Teams count acts: under the "acts" prefix, a scan refreshes them. */
    myTeams: ["acts", "me", "teams"] as const,
    team: (teamId: string) => ["acts", "teams", teamId] as const,
  },
};

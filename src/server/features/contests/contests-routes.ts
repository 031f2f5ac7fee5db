import type { FastifyPluginAsync } from "fastify";
import type { ContestsOverview, ContestView } from "../../../shared/schemas/stats.js";
import type { AppDeps } from "../../http/deps.js";
import { requestLanguage } from "../../http/request-language.js";
import { sessionUserId } from "../auth/current-user.js";
import { findCurrentOrNextContest, readPrizes, ticketsIn, totalTickets } from "./contests-repository.js";

/** A contest's state comes from its dates (DESIGN.md 4.7). */
export function contestStatus(startsAt: Date, endsAt: Date, now: Date): ContestView["status"] {
  if (now < startsAt) return "upcoming";
  return now < endsAt ? "active" : "completed";
}

/** GET /api/contests: the contest running now, else the next one; with the visitor's tickets. */
export const contestsRoutes =
  ({ reads, sessions }: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get("/contests", async (request): Promise<ContestsOverview> => {
      const language = requestLanguage(request);
      const db = await reads.readerFor(request);
      const now = new Date();
      const [contest, userId] = await Promise.all([findCurrentOrNextContest(db, now), sessionUserId(sessions, request)]);
      if (!contest) {
        return { contest: null, myTickets: null, myTotalTickets: userId ? await totalTickets(db, userId) : null };
      }
      const prizes = await readPrizes(db, contest.id);
      const startsAt = new Date(contest.starts_at);
      const endsAt = new Date(contest.ends_at);
      const view: ContestView = {
        id: contest.id,
        name: language === "fr" ? contest.name_fr : contest.name_en,
        status: contestStatus(startsAt, endsAt, now),
        startsAt: startsAt.toISOString(),
        endsAt: endsAt.toISOString(),
        prizes: prizes.map((prize) => ({
          category: language === "fr" ? prize.category_fr : prize.category_en,
          prize: language === "fr" ? prize.prize_fr : prize.prize_en,
        })),
      };
      if (!userId) return { contest: view, myTickets: null, myTotalTickets: null };
      const [myTickets, myTotalTickets] = await Promise.all([ticketsIn(db, contest.id, userId), totalTickets(db, userId)]);
      return { contest: view, myTickets, myTotalTickets };
    });
  };

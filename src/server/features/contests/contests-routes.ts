import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { ContestsOverview, ContestView } from "../../../shared/schemas/stats.js";
import type { AppDeps } from "../../http/deps.js";
import { requestLanguage } from "../../http/request-language.js";
import { sessionUserId } from "../auth/current-user.js";

/** A contest's state comes from its dates (DESIGN.md 4.7). */
export function contestStatus(startsAt: Date, endsAt: Date, now: Date): ContestView["status"] {
  if (now < startsAt) return "upcoming";
  return now < endsAt ? "active" : "completed";
}

/** GET /api/contests: the contest running now, else the next one; with the visitor's tickets. */
export const contestsRoutes =
  ({ db, auth }: AppDeps): FastifyPluginAsync =>
  async (app) => {
    app.get("/contests", async (request): Promise<ContestsOverview> => {
      const language = requestLanguage(request);
      const now = new Date();
      const contest = await db
        .selectFrom("contests")
        .selectAll()
        .where("ends_at", ">", now)
        .orderBy("starts_at")
        .limit(1)
        .executeTakeFirst();
      const userId = await sessionUserId(auth, request);
      if (!contest) {
        return { contest: null, myTickets: null, myTotalTickets: userId ? await totalTickets(userId) : null };
      }
      const prizes = await db
        .selectFrom("contest_prizes")
        .selectAll()
        .where("contest_id", "=", contest.id)
        .orderBy("position")
        .execute();
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
      const entry = await db
        .selectFrom("contest_entries")
        .select("tickets")
        .where("contest_id", "=", contest.id)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return { contest: view, myTickets: entry?.tickets ?? 0, myTotalTickets: await totalTickets(userId) };
    });

    async function totalTickets(userId: string): Promise<number> {
      const row = await db
        .selectFrom("contest_entries")
        .select(sql<number>`coalesce(sum(tickets), 0)`.as("tickets"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.tickets);
    }
  };

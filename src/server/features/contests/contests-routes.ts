import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import { contestProofSchema, pastContestsSchema } from "../../../shared/schemas/contests.js";
import { contestsOverviewSchema } from "../../../shared/schemas/stats.js";
import { text, maxLength } from "../../../shared/schemas/text.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { sessionUserId } from "../sessions/index.js";
import { contestProof, pastContests } from "./contest-proof-service.js";
import { contestsOverview } from "./contests-service.js";

const anyone = { access: "anyone" } as const;

export const contestsRoutes =
  ({ reads, sessions }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    /** The contest running now, else the next one; with the visitor's tickets. */
    app.get("/contests", { config: anyone, schema: { response: { 200: contestsOverviewSchema } } }, async (request) => {
      const [db, userId] = await Promise.all([reads.readerFor(request), sessionUserId(sessions, request)]);
      return contestsOverview(db, { userId, language: requestLanguage(request), now: new Date() });
    });

    app.get("/contests/past", { config: anyone, schema: { response: { 200: pastContestsSchema } } }, async (request) => ({
      contests: await pastContests(await reads.readerFor(request), requestLanguage(request)),
    }));

    /** A contest's draw and everything needed to check it. */
    app.get(
      "/contests/:contestId/draw",
      {
        config: anyone,
        schema: { params: z.object({ contestId: text().check(z.minLength(1), maxLength(100)) }), response: { 200: contestProofSchema } },
      },
      async (request) => {
        const [db, userId] = await Promise.all([reads.readerFor(request), sessionUserId(sessions, request)]);
        return contestProof(db, request.params.contestId, { userId, language: requestLanguage(request) });
      },
    );
  };

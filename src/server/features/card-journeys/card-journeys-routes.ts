import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  cardJourneySchema,
  cardParamsSchema,
  cardPlaceSchema,
  journeyVisibilitySchema,
  notificationsSchema,
} from "../../../shared/schemas/cards.js";
import { noContentSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import type { SessionDeps } from "../sessions/index.js";
import { requestLanguage } from "../../kernel/request-language.js";
import { sessionUserId } from "../sessions/index.js";
import * as journeys from "./card-journeys-service.js";

const anyone = { access: "anyone" } as const;
const signedIn = { access: "signed-in" } as const;
const done = { 204: noContentSchema };

/** Portable cards' journeys, following them, and the notices they send. */
export const cardJourneyRoutes =
  ({ db, sessions, geocoder }: HttpDeps & SessionDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/cards/:cardId",
      { config: anyone, schema: { params: cardParamsSchema, response: { 200: cardJourneySchema } } },
      async (request) => journeys.cardJourney(db, request.params.cardId, await sessionUserId(sessions, request)),
    );

    app.put("/cards/:cardId/follow", { config: signedIn, schema: { params: cardParamsSchema, response: done } }, async (request, reply) => {
      await journeys.followCard(db, request.params.cardId, request.userId!);
      return reply.status(204).send(null);
    });

    app.delete(
      "/cards/:cardId/follow",
      { config: signedIn, schema: { params: cardParamsSchema, response: done } },
      async (request, reply) => {
        await journeys.unfollowCard(db, request.params.cardId, request.userId!);
        return reply.status(204).send(null);
      },
    );

    app.put(
      "/cards/:cardId/place",
      { config: signedIn, schema: { params: cardParamsSchema, body: cardPlaceSchema, response: done } },
      async (request, reply) => {
        await journeys.addPlace({ db, geocoder }, request.params.cardId, request.userId!, request.body, requestLanguage(request));
        return reply.status(204).send(null);
      },
    );

    app.put(
      "/me/journey-visibility",
      { config: signedIn, schema: { body: journeyVisibilitySchema, response: done } },
      async (request, reply) => {
        await journeys.setJourneyVisibility(db, request.userId!, request.body.showUsername);
        return reply.status(204).send(null);
      },
    );

    app.get("/me/notifications", { config: signedIn, schema: { response: { 200: notificationsSchema } } }, async (request) =>
      journeys.myNotifications(db, request.userId!),
    );

    app.post("/me/notifications/read", { config: signedIn, schema: { response: done } }, async (request, reply) => {
      await journeys.markNotificationsRead(db, request.userId!);
      return reply.status(204).send(null);
    });
  };

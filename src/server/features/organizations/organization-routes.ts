import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod/mini";
import {
  campaignActionSchema,
  campaignInputSchema,
  campaignListSchema,
  cardSeriesInputSchema,
  cardSeriesListSchema,
  idParam,
  interactionsQuerySchema,
  interactionsSchema,
  inviteAnswerSchema,
  inviteMemberSchema,
  invitationPreviewSchema,
  locationActiveSchema,
  locationInputSchema,
  locationListSchema,
  locationPageQuerySchema,
  MEMBER_ROLES,
  membersSchema,
  myOrganizationsSchema,
  organizationIdParams,
  organizationSettingsSchema,
  PAPERS,
  PRINT_DESIGNS,
  organizationViewSchema,
  periodQuerySchema,
  analyticsSchema,
  engagementSchema,
  qrLinkSchema,
  summarySchema,
  organizationSetupSchema,
} from "../../../shared/schemas/organizations.js";
import { fileSchema, noContentSchema } from "../../../shared/schemas/responses.js";
import type { HttpDeps } from "../../http/deps.js";
import { rateLimit, RULES } from "../../platform/rate-limit/rate-limit-rules.js";
import { changeCampaign, createCampaign, listCampaigns } from "./campaigns-service.js";
import { analytics, engagement, interactions, summary } from "./dashboard-service.js";
import * as places from "./locations-service.js";
import { cancelInvitation, changeMember, inviteMember, membersOf, myOrganizations, previewInvitation } from "./membership-service.js";
import { organizationSetup, organizationView, updateSettings } from "./organization-service.js";
import { codeFile, codeLink, renewCode, type CodeSource } from "./qr-service.js";

/**
 * The organisation dashboard's API. Every route is for signed-in people and
 * starts from the organisation in its path; the services check the person's
 * role there (organization-access.ts) before anything else.
 */
export const organizationRoutes =
  ({ db, mailer, config, limiter, storage }: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const access = { access: "signed-in" } as const;
    const org = "/organizations/:organizationId";
    const locationParams = z.object({ ...organizationIdParams.shape, locationId: idParam() });
    const seriesParams = z.object({ ...organizationIdParams.shape, seriesId: idParam() });
    const memberParams = z.object({ ...organizationIdParams.shape, memberId: idParam() });
    const invitationParams = z.object({ ...organizationIdParams.shape, invitationId: idParam() });
    const campaignParams = z.object({ ...organizationIdParams.shape, campaignId: idParam() });
    const codeParams = z.object({ ...organizationIdParams.shape, source: z.enum(["locations", "card-series"]), codeId: idParam() });
    const sourceOf = (segment: "locations" | "card-series"): CodeSource => (segment === "locations" ? "location" : "card-series");
    const created = (id: string) => ({ id });
    const createdSchema = { 201: z.object({ id: z.string() }) };
    const none = { 204: noContentSchema };

    app.get("/me/organizations", { config: access, schema: { response: { 200: myOrganizationsSchema } } }, (request) =>
      myOrganizations(db, request.userId!),
    );

    app.get(org, { config: access, schema: { params: organizationIdParams, response: { 200: organizationViewSchema } } }, (request) =>
      organizationView(db, request.userId!, request.params.organizationId),
    );

    app.put(
      org,
      { config: access, schema: { params: organizationIdParams, body: organizationSettingsSchema, response: none } },
      async (request, reply) => {
        await updateSettings(db, request.userId!, request.params.organizationId, request.body);
        return reply.status(204).send(null);
      },
    );

    // The set-up checklist of a new organisation's first hour.
    app.get(
      `${org}/setup`,
      { config: access, schema: { params: organizationIdParams, response: { 200: organizationSetupSchema } } },
      (request) => organizationSetup(db, request.userId!, request.params.organizationId),
    );

    // Members and invitations. An invitation's emailed link opens sign-up with its address, signed out:
    // the id is random (122 bits), known only to the invitee's mailbox and the organisation's managers.
    app.get(
      "/invitations/:invitationId",
      {
        config: { access: "anyone" },
        schema: { params: z.object({ invitationId: idParam() }), response: { 200: invitationPreviewSchema } },
      },
      (request) => previewInvitation(db, request.params.invitationId),
    );
    app.get(`${org}/members`, { config: access, schema: { params: organizationIdParams, response: { 200: membersSchema } } }, (request) =>
      membersOf(db, request.userId!, request.params.organizationId),
    );
    app.post(
      `${org}/members`,
      {
        config: access,
        preHandler: rateLimit(limiter, config.RATE_LIMIT_SCALE, RULES.organizationInvite),
        schema: { params: organizationIdParams, body: inviteMemberSchema, response: { 200: inviteAnswerSchema } },
      },
      (request) =>
        inviteMember(
          { db, mailer, appUrl: config.APP_URL },
          request.userId!,
          request.params.organizationId,
          request.body.email,
          request.body.role,
        ),
    );
    app.put(
      `${org}/members/:memberId`,
      { config: access, schema: { params: memberParams, body: z.object({ role: z.enum(MEMBER_ROLES) }), response: none } },
      async (request, reply) => {
        await changeMember(db, request.userId!, request.params.organizationId, request.params.memberId, { role: request.body.role });
        return reply.status(204).send(null);
      },
    );
    app.delete(`${org}/members/:memberId`, { config: access, schema: { params: memberParams, response: none } }, async (request, reply) => {
      await changeMember(db, request.userId!, request.params.organizationId, request.params.memberId, { remove: true });
      return reply.status(204).send(null);
    });
    app.delete(
      `${org}/invitations/:invitationId`,
      { config: access, schema: { params: invitationParams, response: none } },
      async (request, reply) => {
        await cancelInvitation(db, request.userId!, request.params.organizationId, request.params.invitationId);
        return reply.status(204).send(null);
      },
    );

    // Locations.
    app.get(
      `${org}/locations`,
      {
        config: access,
        schema: { params: organizationIdParams, querystring: locationPageQuerySchema, response: { 200: locationListSchema } },
      },
      (request) => places.listLocations(db, request.userId!, request.params.organizationId, request.query.after),
    );
    app.post(
      `${org}/locations`,
      { config: access, schema: { params: organizationIdParams, body: locationInputSchema, response: createdSchema } },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            created(
              await places.addLocation(db, request.userId!, request.params.organizationId, request.body as Required<typeof request.body>),
            ),
          ),
    );
    app.put(
      `${org}/locations/:locationId`,
      { config: access, schema: { params: locationParams, body: locationInputSchema, response: none } },
      async (request, reply) => {
        const { organizationId, locationId } = request.params;
        await places.editLocation(db, request.userId!, organizationId, locationId, request.body as Required<typeof request.body>);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${org}/locations/:locationId/active`,
      { config: access, schema: { params: locationParams, body: locationActiveSchema, response: none } },
      async (request, reply) => {
        await places.setActive(
          db,
          request.userId!,
          "location",
          request.params.organizationId,
          request.params.locationId,
          request.body.isActive,
        );
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${org}/locations/:locationId`,
      { config: access, schema: { params: locationParams, response: none } },
      async (request, reply) => {
        await places.deleteCodeSource(db, request.userId!, "location", request.params.organizationId, request.params.locationId);
        return reply.status(204).send(null);
      },
    );

    // Card series.
    app.get(
      `${org}/card-series`,
      { config: access, schema: { params: organizationIdParams, response: { 200: cardSeriesListSchema } } },
      async (request) => ({
        series: await places.listCardSeries(db, request.userId!, request.params.organizationId),
      }),
    );
    app.post(
      `${org}/card-series`,
      { config: access, schema: { params: organizationIdParams, body: cardSeriesInputSchema, response: createdSchema } },
      async (request, reply) =>
        reply.status(201).send(created(await places.addCardSeries(db, request.userId!, request.params.organizationId, request.body))),
    );
    app.put(
      `${org}/card-series/:seriesId`,
      { config: access, schema: { params: seriesParams, body: cardSeriesInputSchema, response: none } },
      async (request, reply) => {
        await places.editCardSeries(db, request.userId!, request.params.organizationId, request.params.seriesId, request.body);
        return reply.status(204).send(null);
      },
    );
    app.put(
      `${org}/card-series/:seriesId/active`,
      { config: access, schema: { params: seriesParams, body: locationActiveSchema, response: none } },
      async (request, reply) => {
        await places.setActive(
          db,
          request.userId!,
          "card-series",
          request.params.organizationId,
          request.params.seriesId,
          request.body.isActive,
        );
        return reply.status(204).send(null);
      },
    );
    app.delete(
      `${org}/card-series/:seriesId`,
      { config: access, schema: { params: seriesParams, response: none } },
      async (request, reply) => {
        await places.deleteCodeSource(db, request.userId!, "card-series", request.params.organizationId, request.params.seriesId);
        return reply.status(204).send(null);
      },
    );

    // Codes: the link, the files, and renewal.
    const cardQuery = z.object({ card: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))) });
    app.get(
      `${org}/:source/:codeId/code`,
      { config: access, schema: { params: codeParams, querystring: cardQuery, response: { 200: qrLinkSchema } } },
      (request) =>
        codeLink(
          { db, appUrl: config.APP_URL },
          request.userId!,
          sourceOf(request.params.source),
          request.params.organizationId,
          request.params.codeId,
          request.query.card,
        ),
    );
    app.get(
      `${org}/:source/:codeId/code.:format`,
      {
        config: access,
        schema: {
          params: z.object({ ...codeParams.shape, format: z.enum(["png", "svg", "pdf"]) }),
          querystring: z.object({
            ...cardQuery.shape,
            from: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(10_000))),
            paper: z._default(z.enum(PAPERS), "letter"),
            design: z.optional(z.enum(PRINT_DESIGNS)),
            /** "preview": the dialog's picture of the first page, which prints nothing (the set-up checklist waits for a download). */
            purpose: z._default(z.enum(["download", "preview"]), "download"),
          }),
          produces: ["image/png", "image/svg+xml", "application/pdf"],
          response: { 200: fileSchema },
        },
      },
      async (request, reply) => {
        const file = await codeFile({ db, appUrl: config.APP_URL, storage }, request.userId!, {
          source: sourceOf(request.params.source),
          organizationId: request.params.organizationId,
          id: request.params.codeId,
          format: request.params.format,
          paper: request.query.paper,
          design: request.query.design,
          card: request.query.card,
          from: request.query.from,
          preview: request.query.purpose === "preview",
        });
        return (
          reply
            .header("content-type", file.contentType)
            .header("content-disposition", `attachment; filename="${file.fileName}"`)
            .header("cache-control", "private, no-store")
            // The schema documents the file; the bytes go out as they are (Fastify never serialises a Buffer).
            .send(Buffer.from(file.body) as unknown as string)
        );
      },
    );
    app.post(
      `${org}/:source/:codeId/renew-code`,
      { config: access, schema: { params: codeParams, response: none } },
      async (request, reply) => {
        await renewCode(db, request.userId!, sourceOf(request.params.source), request.params.organizationId, request.params.codeId);
        return reply.status(204).send(null);
      },
    );

    // Figures.
    const period = { params: organizationIdParams, querystring: periodQuerySchema };
    app.get(`${org}/summary`, { config: access, schema: { ...period, response: { 200: summarySchema } } }, (request) =>
      summary(db, request.userId!, request.params.organizationId, request.query.days),
    );
    app.get(`${org}/analytics`, { config: access, schema: { ...period, response: { 200: analyticsSchema } } }, (request) =>
      analytics(db, request.userId!, request.params.organizationId, request.query.days),
    );
    app.get(`${org}/engagement`, { config: access, schema: { ...period, response: { 200: engagementSchema } } }, (request) =>
      engagement(db, request.userId!, request.params.organizationId, request.query.days),
    );
    app.get(
      `${org}/interactions`,
      {
        config: access,
        schema: { params: organizationIdParams, querystring: interactionsQuerySchema, response: { 200: interactionsSchema } },
      },
      (request) => interactions(db, request.userId!, request.params.organizationId, request.query),
    );

    // Campaigns.
    app.get(
      `${org}/campaigns`,
      { config: access, schema: { params: organizationIdParams, response: { 200: campaignListSchema } } },
      async (request) => ({
        campaigns: await listCampaigns(db, request.userId!, request.params.organizationId),
      }),
    );
    app.post(
      `${org}/campaigns`,
      { config: access, schema: { params: organizationIdParams, body: campaignInputSchema, response: createdSchema } },
      async (request, reply) =>
        reply.status(201).send(created(await createCampaign(db, request.userId!, request.params.organizationId, request.body))),
    );
    app.post(
      `${org}/campaigns/:campaignId`,
      { config: access, schema: { params: campaignParams, body: campaignActionSchema, response: none } },
      async (request, reply) => {
        await changeCampaign(db, request.userId!, request.params.organizationId, request.params.campaignId, request.body.action);
        return reply.status(204).send(null);
      },
    );
  };

import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  myOrganizationsSchema,
  organizationIdParams,
  organizationSettingsSchema,
  organizationViewSchema,
  organizationSetupSchema,
} from "../../../shared/schemas/organizations.js";
import { myOrganizations } from "./membership-service.js";
import { organizationSetup, organizationView, updateSettings } from "./organization-service.js";
import { access, org, none } from "./organization-route-parts.js";
import type { HttpDeps } from "../../http/deps.js";
import { campaignRoutes } from "./campaign-routes.js";
import { cardSeriesRoutes } from "./card-series-routes.js";
import { codeRoutes } from "./code-routes.js";
import { locationRoutes } from "./location-routes.js";
import { membershipRoutes } from "./membership-routes.js";

/**
 * The organisation dashboard's API. Every route is for signed-in people and
 * starts from the organisation in its path; the services check the person's
 * role there (organization-access.ts) before anything else. The organisation
 * itself here; each tab's routes in a file of their own.
 */
export const organizationRoutes =
  (deps: HttpDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = deps;
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

    for (const tab of [membershipRoutes, locationRoutes, cardSeriesRoutes, codeRoutes, campaignRoutes]) {
      await app.register(tab(deps));
    }
  };

import { organizationRequestRoutes } from "./organization-requests-routes.js";
import { organizationRoutes } from "./organization-routes.js";
import { organizationLogoRoutes } from "./logo-routes.js";
import { registerPrintedCodeLinks } from "./short-link-routes.js";
import { EMAILS } from "./emails.js";
import { organizationsLimits } from "./rate-limits.js";
import { personalData } from "./personal-data.js";
import { pluginOf } from "../../platform/feature.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "organizations",
  tables: [
    "business_locations",
    "campaign_locations",
    "campaigns",
    "card_series",
    "organization_invitations",
    "organization_members",
    "organization_requests",
    "organizations",
  ],
  sqlFunctions: ["new_short_code"],
  readModels: [
    "publishedOrganizations",
    "publishedPlaces",
    "publishedCardSeries",
    "publishedCampaigns",
    "campaignPlaces",
    "organizationMembers",
    "organizationRequests",
  ],
  routes: (
    deps: Parameters<typeof organizationRequestRoutes>[0] &
      Parameters<typeof organizationRoutes>[0] &
      Parameters<typeof organizationLogoRoutes>[0],
  ) => [
    { plugin: organizationRequestRoutes(deps) },
    { plugin: organizationRoutes(deps) },
    { plugin: organizationLogoRoutes(deps) },
    { plugin: pluginOf((app) => registerPrintedCodeLinks(app, deps.db)), at: "root" },
  ],
  emails: Object.values(EMAILS),
  rateLimits: Object.values(organizationsLimits),
  personalData,
});

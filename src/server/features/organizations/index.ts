/**
 * Organisations: requests to join, members, places, card series, QR codes and posters, the dashboard's figures.
 * Owns: business_locations, campaign_locations, campaigns, card_series, organization_invitations,
 * organization_members, organization_period_figures, organization_requests, organizations (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { isOrganizationMember, requireOrganizationAccess } from "./organization-access.js";
export { organizationRequestRoutes } from "./organization-requests-routes.js";
export { organizationRoutes } from "./organization-routes.js";
export { createOrganizationWithCode, setCertificateSignatory } from "./organization-service.js";
export { organizationLogoRoutes } from "./logo-routes.js";
export { logoUrl, readLogo } from "./logo-service.js";
export { registerPrintedCodeLinks } from "./short-link-routes.js";
export type { PrintJob } from "./print-kit/index.js";
export { loadPrintKit } from "./qr-service.js";
export { anyOrganization, seedDemoOrganization, type DemoOrganization } from "./demo-organizations.js";
export { scanPath } from "./scan-path.js";
export { personalData } from "./personal-data.js";

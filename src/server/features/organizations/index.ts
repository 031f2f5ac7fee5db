/**
 * Organisations: requests to join, members, places, card series, QR codes and posters, the set-up checklist
 * (the dashboard's figures, which read the acts, are organization-figures').
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { organizationsLimits } from "./rate-limits.js";
export { isOrganizationMember, requireAccessFrom, requireOrganizationAccess, withOrganizationDashboard } from "./organization-access.js";
export { actorColumns, type ActorFacts } from "./actor-facts.js";
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
export { sourceActs, type SourceActs } from "./source-acts.js";
export { personalData } from "./personal-data.js";
export { feature } from "./feature.js";

/**
 * Organisations: requests to join, members, places, card series, QR codes and posters, the dashboard's figures.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { isOrganizationMember, requireOrganizationAccess } from "./organization-access.js";
export { organizationRequestRoutes } from "./organization-requests-routes.js";
export { organizationRoutes } from "./organization-routes.js";
export { createOrganizationWithCode, setCertificateSignatory } from "./organization-service.js";
export { organizationLogoRoutes } from "./logo-routes.js";
export { logoUrl, readLogo } from "./logo-service.js";
export { registerPrintedCodeLinks } from "./short-link-routes.js";
export { DESIGNS as PRINT_KIT_DESIGNS, printPalette, type PrintJob } from "./print-kit/index.js";
export { holdsNothingYet, insertCardSeries, insertLocation, insertOrganization, markKitPrinted, scanPath } from "./seeding.js";

/**
 * Workplace well-being: the employee's area (surveys, training, certificates, policies, committee) and the employer's (employer/: surveys, reports, compliance).
 * What it brings and the tables it owns: its declaration, feature.ts.
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { keyOf } from "./answer-keys.js";
export { loadCertificatePdf } from "./certificates-service.js";
export { seedDemoWorkplace } from "./demo-workplace.js";
export { sendRenewalReminders } from "./certificate-renewals.js";
export { complianceRoutes } from "./employer/compliance-routes.js";
export { mailPreviewRoutes } from "./employer/mail-preview-routes.js";
export { complianceReport } from "./employer/report-service.js";
export { runSurveyCalendar } from "./employer/survey-admin-service.js";
export { generateAccessCode, workplaceEmployerId } from "./workplace-access-service.js";
export { workplaceEmployerRoutes } from "./workplace-employer-routes.js";
export { workplaceRoutes } from "./workplace-routes.js";
export { scimRoutes } from "./directory/scim-routes.js";
export { personalData } from "./personal-data.js";
export { ssoRoutes } from "./sso/sso-routes.js";
export { credentialRoutes } from "./credentials/credentials-routes.js";
export { feature } from "./feature.js";

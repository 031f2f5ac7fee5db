/**
 * Workplace well-being: the employee's area (surveys, training, certificates, policies, committee) and the employer's (employer/: surveys, reports, compliance).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { keyOf, MANAGER_ANSWERS } from "./answer-keys.js";
export { CERTIFICATE_QR, certificatePdf } from "./certificate-pdf.js";
export { seedDemoWorkplace } from "./demo-workplace.js";
export { complianceRoutes } from "./employer/compliance-routes.js";
export { complianceReport } from "./employer/report-service.js";
export { runSurveyCalendar } from "./employer/survey-admin-service.js";
export { generateAccessCode, workplaceEmployerId } from "./workplace-access-service.js";
export { workplaceEmployerRoutes } from "./workplace-employer-routes.js";
export { workplaceRoutes } from "./workplace-routes.js";
export { insertSurvey, surveyTallies, insertActionItem, insertMeeting, insertMember, insertPolicy } from "./seeding.js";

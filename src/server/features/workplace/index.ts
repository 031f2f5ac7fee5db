/**
 * Workplace well-being: the employee's area (surveys, training, certificates, policies, committee) and the employer's (employer/: surveys, reports, compliance).
 * Owns: certificates, internal_audits, learning_attempts, legal_names, policy_acknowledgments, quiz_results,
 * certificate_validities, committee_calendar_feeds, sst_committee_action_items, sst_committee_feedback, sst_committee_meetings, sst_committee_members,
 * survey_aggregates, survey_answer_tallies, survey_follow_ups, survey_published_tallies, survey_respondents,
 * telework_inclusion_actions, training_completions, verification_schedules, wellbeing_surveys, workplace_access,
 * workplace_access_codes, workplace_policy_files, staff_directory_tokens, staff_directory_people,
 * it_handoffs, sso_configurations, sso_logins, sso_identities, sso_pending, sso_email_domains, revoked_credentials (only this feature writes them).
 * This is the feature's door: what other features may use (docs/design.md, "Walls and doors").
 */
export { keyOf } from "./answer-keys.js";
export { loadCertificatePdf } from "./certificates-service.js";
export { seedDemoWorkplace } from "./demo-workplace.js";
export { sendRenewalReminders, startRenewalReminders } from "./certificate-renewals.js";
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

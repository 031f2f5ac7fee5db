import { workplaceRoutes } from "./workplace-routes.js";
import { workplaceEmployerRoutes } from "./workplace-employer-routes.js";
import { complianceRoutes } from "./employer/compliance-routes.js";
import { mailPreviewRoutes } from "./employer/mail-preview-routes.js";
import { ssoRoutes } from "./sso/sso-routes.js";
import { credentialRoutes } from "./credentials/credentials-routes.js";
import { scimRoutes } from "./directory/scim-routes.js";
import { EMAILS } from "./emails.js";
import { workplaceLimits } from "./rate-limits.js";
import { RENEWALS_KIND, sendRenewalReminders } from "./certificate-renewals.js";
import { SURVEYS_KIND } from "./employer/survey-notice.js";
import { runSurveyCalendar } from "./employer/survey-admin-service.js";
import { personalData } from "./personal-data.js";
import { HOURLY } from "../../platform/jobs/repeating-job.js";
import type { NotifierDeps } from "../../platform/notify/notifier.js";
import { defineFeature } from "../../platform/feature.js";

/** What this feature brings to the app (platform/feature.ts). */
export const feature = defineFeature({
  name: "workplace",
  tables: [
    "certificates",
    "internal_audits",
    "learning_attempts",
    "legal_names",
    "policy_acknowledgments",
    "quiz_results",
    "certificate_validities",
    "committee_calendar_feeds",
    "sst_committee_action_items",
    "sst_committee_feedback",
    "sst_committee_meetings",
    "sst_committee_members",
    "survey_aggregates",
    "survey_answer_tallies",
    "survey_follow_ups",
    "survey_published_tallies",
    "survey_respondents",
    "telework_inclusion_actions",
    "training_completions",
    "verification_schedules",
    "wellbeing_surveys",
    "workplace_access",
    "workplace_access_codes",
    "workplace_policy_files",
    "staff_directory_tokens",
    "staff_directory_people",
    "it_handoffs",
    "sso_configurations",
    "sso_logins",
    "sso_identities",
    "sso_pending",
    "sso_email_domains",
    "revoked_credentials",
  ],
  routes: (
    deps: Parameters<typeof workplaceRoutes>[0] &
      Parameters<typeof workplaceEmployerRoutes>[0] &
      Parameters<typeof complianceRoutes>[0] &
      Parameters<typeof mailPreviewRoutes>[0] &
      Parameters<typeof ssoRoutes>[0] &
      Parameters<typeof credentialRoutes>[0] &
      Parameters<typeof scimRoutes>[0] &
      NotifierDeps,
  ) => [
    { plugin: workplaceRoutes(deps) },
    { plugin: workplaceEmployerRoutes(deps) },
    { plugin: complianceRoutes(deps) },
    { plugin: mailPreviewRoutes(deps) },
    { plugin: ssoRoutes(deps) },
    { plugin: credentialRoutes(deps) },
    // The employer's identity provider keeps its staff list here (SCIM 2.0, RFC 7644): outside /api, in SCIM's own shapes.
    { plugin: scimRoutes(deps), prefix: "/scim/v2", at: "root" },
  ],
  emails: Object.values(EMAILS),
  rateLimits: Object.values(workplaceLimits),
  notificationKinds: [SURVEYS_KIND, RENEWALS_KIND],
  jobs: (deps) => [
    // Holders of a certificate due for renewal hear it once, a month ahead.
    { name: "certificate renewal reminders", everyMs: deps.config.REMINDER_CHECK_SECONDS * 1000, run: () => sendRenewalReminders(deps) },
    // Reminders before a survey closes, and closing the periods that ended.
    { name: "the survey calendar", ...HOURLY, run: () => runSurveyCalendar(deps) },
  ],
  personalData,
});

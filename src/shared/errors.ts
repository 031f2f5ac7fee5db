/**
 * Stable error codes of the API. Clients branch on the code; the message is
 * for people, written by the server from its message files (`apiErrors.<code>`,
 * server.<language>.json) in the request's language: the browser shows it as sent.
 */
export const ERROR_CODES = [
  "invalid_input",
  "not_authenticated",
  "forbidden",
  "role_not_assignable",
  "not_found",
  "rate_limited",
  "cross_origin",
  "email_taken",
  "username_taken",
  "invalid_credentials",
  "email_not_verified",
  "invalid_token",
  "recovery_link_invalid",
  "wrong_current_password",
  "payload_too_large",
  "invalid_qr",
  "location_not_found",
  "location_required",
  "out_of_range",
  "already_scanned_location_today",
  "already_scanned_organisation",
  "daily_limit_reached",
  "organization_access_required",
  "request_already_decided",
  "last_owner",
  "location_has_acts",
  "campaign_completed",
  "geocoding_unavailable",
  "account_suspended",
  "official_account_protected",
  "org_code_taken",
  "contest_already_drawn",
  "contest_not_ended",
  "muted",
  "image_invalid",
  "workplace_code_invalid",
  "workplace_code_used_up",
  "workplace_code_expired",
  "workplace_already_unlocked",
  "workplace_access_required",
  "survey_not_open",
  "survey_already_answered",
  "results_not_ready",
  "results_not_shared",
  "module_locked",
  "module_already_completed",
  "quiz_already_passed",
  "certificate_not_earned",
  "internal_error",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string; field?: string; retryAfterSeconds?: number; details?: Record<string, string | number> };
}

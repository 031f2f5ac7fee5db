import type { ErrorCode } from "../../shared/errors.js";

const STATUS: Record<ErrorCode, number> = {
  invalid_input: 400,
  not_authenticated: 401,
  forbidden: 403,
  role_not_assignable: 403,
  not_found: 404,
  method_not_allowed: 405,
  rate_limited: 429,
  cross_origin: 403,
  email_taken: 409,
  username_taken: 409,
  invalid_credentials: 401,
  email_not_verified: 403,
  invalid_token: 404,
  recovery_link_invalid: 404,
  wrong_current_password: 403,
  payload_too_large: 413,
  headers_too_large: 431,
  request_timeout: 408,
  invalid_qr: 404,
  location_not_found: 404,
  location_required: 400,
  out_of_range: 422,
  already_scanned_location_today: 409,
  already_scanned_organisation: 409,
  daily_limit_reached: 429,
  organization_access_required: 403,
  request_already_decided: 409,
  last_owner: 409,
  location_has_acts: 409,
  campaign_completed: 409,
  geocoding_unavailable: 503,
  account_suspended: 403,
  official_account_protected: 409,
  org_code_taken: 409,
  contest_already_drawn: 409,
  contest_not_ended: 409,
  muted: 403,
  image_invalid: 422,
  workplace_code_invalid: 404,
  workplace_code_used_up: 409,
  workplace_code_expired: 409,
  workplace_already_unlocked: 409,
  workplace_access_required: 403,
  sso_not_configured: 404,
  sso_discovery_failed: 422,
  sso_provider_unavailable: 503,
  sso_sign_in_expired: 410,
  sso_account_exists: 409,
  sso_email_mismatch: 409,
  sso_other_employer: 409,
  sso_access_withdrawn: 403,
  sso_issuer_refused: 422,
  sso_other_browser: 403,
  domain_not_verified: 422,
  dns_unavailable: 503,
  idempotency_key_reused: 422,
  survey_not_open: 404,
  survey_already_answered: 409,
  results_not_ready: 409,
  results_not_shared: 403,
  module_locked: 409,
  module_already_completed: 409,
  quiz_already_passed: 409,
  attempt_already_graded: 409,
  legal_name_required: 409,
  certificate_not_earned: 409,
  survey_already_open: 409,
  action_transition_invalid: 409,
  meeting_cancelled: 409,
  action_without_red_flag: 409,
  policy_file_invalid: 422,
  password_weak: 400,
  impossible_travel: 422,
  account_deleted: 403,
  act_already_voided: 409,
  act_in_drawn_contest: 409,
  act_not_numbered: 409,
  claim_not_found: 404,
  claim_expired: 410,
  claim_used: 409,
  thanks_already_sent: 409,
  team_name_taken: 409,
  team_already_joined: 409,
  team_full: 409,
  team_join_refused: 404,
  team_invite_invalid: 404,
  team_members_only: 403,
  team_owner_only: 403,
  team_organization_only: 403,
  team_closed: 409,
  database_unavailable: 503,
  storage_full: 503,
  service_unavailable: 503,
  internal_error: 500,
};

/** The HTTP status each error code is answered with (the API's document lists them per status). */
export const statusOfError = (code: ErrorCode): number => STATUS[code];

/**
 * An expected failure with a stable code. The message shown to people is the
 * server message file's `apiErrors.<code>` in the request's language, with `vars`.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      field?: string;
      messageKey?: string;
      vars?: Record<string, string | number>;
      retryAfterSeconds?: number;
      /** Machine-readable facts a client may show (e.g. the distance of an out-of-range scan). */
      details?: Record<string, string | number>;
    } = {},
  ) {
    super(code);
    this.status = STATUS[code];
  }
}

import { DAILY_SCAN_LIMIT } from "../acts/daily-limit.js";
import {
  ACCESS_CODE_MAX_LENGTH,
  CAPTION_MAX_LENGTH,
  CHAT_MESSAGE_MAX_LENGTH,
  DELETION_CANCEL_DAYS,
  DELETION_PURGE_DAYS,
  EMAIL_RECOVERY_VALIDITY_MINUTES,
  MANUAL_ACTS_MAX,
  MAX_CARDS_PER_SERIES,
  MAX_CODE_USES,
  MUTE_AFTER_HIDDEN,
  MUTE_DAYS,
  MUTE_WINDOW_DAYS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PENDING_SCAN_HOURS,
  TEAM_MAX_MEMBERS,
  TEAM_NAME_MAX_LENGTH,
  TEAM_NAME_MIN_LENGTH,
  TEAM_PASSWORD_MAX_LENGTH,
  TEAM_PASSWORD_MIN_LENGTH,
  TEAM_TARGET_MAX,
  TEAM_TARGET_MIN,
  RADIUS,
  THANKS_MESSAGE_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from "../constants.js";
import { POLICY_COMPLIANT_PERCENT } from "../workplace/compliance-rules.js";
import { LEGAL_NAME_MAX_LENGTH } from "../workplace/learning.js";
import { MIN_RESPONSES_FOR_RESULTS } from "../workplace/climate-survey.js";

/**
 * The rules' numbers every message may name, as {{name}} (or {{name, number}}
 * for a number that needs a thousands separator): the browser gives them to
 * i18next as default variables and the server's `translate` to every
 * message. A message never writes one of these numbers itself, so changing a
 * rule is changing its constant (message-files.test.ts checks it).
 */
export const RULE_VARIABLES = {
  dailyLimit: DAILY_SCAN_LIMIT,
  radiusMin: RADIUS.min,
  radiusMax: RADIUS.max,
  radiusTypical: RADIUS.default,
  radiusRecommendedMin: RADIUS.recommendedMin,
  radiusRecommendedMax: RADIUS.recommendedMax,
  minResponses: MIN_RESPONSES_FOR_RESULTS,
  deletionPurgeDays: DELETION_PURGE_DAYS,
  deletionCancelDays: DELETION_CANCEL_DAYS,
  muteAfterHidden: MUTE_AFTER_HIDDEN,
  muteWindowDays: MUTE_WINDOW_DAYS,
  muteDays: MUTE_DAYS,
  pendingScanHours: PENDING_SCAN_HOURS,
  recoveryMinutes: EMAIL_RECOVERY_VALIDITY_MINUTES,
  usernameMin: USERNAME_MIN_LENGTH,
  usernameMax: USERNAME_MAX_LENGTH,
  passwordMin: PASSWORD_MIN_LENGTH,
  passwordMax: PASSWORD_MAX_LENGTH,
  manualActsMax: MANUAL_ACTS_MAX,
  cardsMax: MAX_CARDS_PER_SERIES,
  chatMessageMax: CHAT_MESSAGE_MAX_LENGTH,
  captionMax: CAPTION_MAX_LENGTH,
  thanksMax: THANKS_MESSAGE_MAX_LENGTH,
  accessCodeMax: ACCESS_CODE_MAX_LENGTH,
  codeUsesMax: MAX_CODE_USES,
  policyCompliantPercent: POLICY_COMPLIANT_PERCENT,
  legalNameMax: LEGAL_NAME_MAX_LENGTH,
  teamNameMin: TEAM_NAME_MIN_LENGTH,
  teamNameMax: TEAM_NAME_MAX_LENGTH,
  teamPasswordMin: TEAM_PASSWORD_MIN_LENGTH,
  teamPasswordMax: TEAM_PASSWORD_MAX_LENGTH,
  maxMembers: TEAM_MAX_MEMBERS,
  teamTargetMin: TEAM_TARGET_MIN,
  teamTargetMax: TEAM_TARGET_MAX,
} as const;

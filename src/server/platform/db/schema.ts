import type { ConsentDocument } from "../../../shared/constants.js";
import type { Language } from "../../../shared/i18n/languages.js";
import type { LocalizedText } from "../../../shared/i18n/localized-text.js";
import type { ColumnType, Generated } from "kysely";
import type { Rarity } from "../../../shared/acts/rarity.js";
import type { Role } from "../../../shared/schemas/roles.js";
import type { CardType, ScanSuccess } from "../../../shared/schemas/scans.js";
import type { CardTravel } from "../../../shared/schemas/cards.js";
import type { ReportReason } from "../../../shared/schemas/community.js";

/** How an act came to be: one of the scanned card types, or recorded by hand by the official account. */
export type ActType = CardType | "manual";

/** A timestamp the insert must give (no default); null only where the column allows it. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A jsonb column: read parsed, written as JSON text (pg would turn a JS array into a PostgreSQL array). */
type Json<T> = ColumnType<T | null, string | null, string | null>;
/** A jsonb column that is never null, written as JSON text; `Default` when the insert may leave it out. */
type JsonObject<T, Default = never> = ColumnType<T, string | Default, string>;
/** A timestamp the database fills in (default now()). */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Table names and columns as the migrations create them (snake_case). */
export interface UsersTable {
  id: string;
  username: string;
  email: string;
  email_verified: boolean;
  image: string | null;
  country: string | null;
  language_preference: Language;
  onboarding_completed: boolean;
  is_official: boolean;
  /** Set while the official account has suspended the account: no sign-in, no session. */
  suspended_at: Timestamp | null;
  /** The last password sign-in; null until the first. */
  last_sign_in_at: Timestamp | null;
  /** Set when moderation hid three of the account's posts or messages within 30 days: no posting until then. */
  muted_until: Timestamp | null;
  /** Whether the username may appear on the journeys of cards this person scanned (otherwise "someone"). */
  show_on_card_journeys: Generated<boolean>;
  /** Whether the username may appear on leaderboards (otherwise the person's pseudonym). */
  show_on_leaderboards: Generated<boolean>;
  /** Set when the person asked for their account to be deleted; signing in within 7 days cancels. */
  deletion_requested_at: Timestamp | null;
  /** When the scheduled job purges the personal data (30 days after the request). */
  purge_after: Timestamp | null;
  /** Set once purged: the row is then an anonymous holder of the acts it recorded. */
  purged_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface ConsentsTable {
  user_id: string;
  document: ConsentDocument;
  /** The document's version (its date), as CONSENT_VERSIONS names it. */
  version: string;
  accepted_at: GeneratedTimestamp;
}

export interface DataExportsTable {
  id: string;
  user_id: string;
  status: "building" | "ready" | "failed";
  /** 0 to 100 while building. */
  progress: Generated<number>;
  /** Where the archive is in file storage, once ready. */
  storage_key: string | null;
  size_bytes: number | null;
  created_at: GeneratedTimestamp;
  ready_at: Timestamp | null;
  /** The archive can be downloaded until then (24 hours after it is ready); the file is removed after. */
  expires_at: Timestamp | null;
}

export interface KnownDevicesTable {
  user_id: string;
  /** SHA-256 of the browser's user agent: enough to recognise it, nothing to read back. */
  device_hash: string;
  first_seen_at: GeneratedTimestamp;
  last_seen_at: GeneratedTimestamp;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  /** The client's country as the trusted proxy said at sign-in (CLIENT_COUNTRY_HEADER), ISO 3166 alpha-2. */
  country: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface AccountsTable {
  id: string;
  account_id: string;
  provider_id: string;
  user_id: string;
  password: string | null;
  access_token: string | null;
  refresh_token: string | null;
  id_token: string | null;
  access_token_expires_at: Timestamp | null;
  refresh_token_expires_at: Timestamp | null;
  scope: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface VerificationsTable {
  id: string;
  identifier: string;
  value: string;
  expires_at: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserRolesTable {
  user_id: string;
  role: Role;
  created_at: GeneratedTimestamp;
}

export interface RateLimitCountersTable {
  key: string;
  count: number;
  window_started_at: Timestamp;
}

export interface DevOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  created_at: GeneratedTimestamp;
  /** The mail's headers beyond To and Subject (List-Unsubscribe…), as sent. */
  headers: JsonObject<Record<string, string>, undefined>;
}

export interface EmailRecoveryTokensTable {
  token_hash: string;
  user_id: string;
  /** Set on the second link, mailed to the address the account moves to once it is opened (migration 0045). */
  new_email: string | null;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface AppSettingsTable {
  key: string;
  value: string;
}

export type OrganizationType = "company" | "government" | "non-profit";
/** A `date` column, as the 'YYYY-MM-DD' text both drivers are set to return. */
type Day = string;

export interface OrganizationsTable {
  id: string;
  name: string;
  type: OrganizationType;
  industry: string | null;
  country: string | null;
  org_code: string;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  /** Its logo in the file store (a PNG Kindly made), when it uploaded one (migration 0021). */
  logo_key: string | null;
  logo_updated_at: Date | null;
  /** Who signs its employees' certificates, as its settings name them (migration 0024). */
  certificate_signatory_name: string | null;
  certificate_signatory_title: string | null;
  /** When a print-kit PDF was first made for it: the set-up checklist's "print the kit" (migration 0031). */
  kit_printed_at: Timestamp | null;
}

export type MemberRole = "owner" | "admin" | "business";

export interface OrganizationMembersTable {
  organization_id: string;
  user_id: string;
  role: MemberRole;
  created_at: GeneratedTimestamp;
}

export interface OrganizationInvitationsTable {
  id: string;
  organization_id: string;
  email: string;
  role: MemberRole;
  invited_by: string | null;
  expires_at: Timestamp;
  accepted_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface OrganizationRequestsTable {
  id: string;
  user_id: string | null;
  contact_name: string;
  organization_name: string;
  type: OrganizationType;
  industry: string;
  email: string;
  phone: string;
  website: string;
  description: string;
  plan: "physical" | "virtual" | "complete";
  priority: string;
  language: Language;
  status: Generated<"pending" | "approved" | "declined">;
  decline_reason: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  organization_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface CampaignsTable {
  id: string;
  organization_id: string;
  name: string;
  description: string;
  effect: "flash" | "glow" | "pulse" | "rainbow" | "sparkle";
  starts_at: Timestamp;
  ends_at: Timestamp;
  paused_at: Timestamp | null;
  ended_at: Timestamp | null;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface CampaignLocationsTable {
  campaign_id: string;
  location_id: string;
}

/** Acts of an organisation per New York day, hour and card type (the numbering step keeps it). */
export interface OrganizationHourCountsTable {
  organization_id: string;
  day: Day;
  hour: number;
  card_type: CardType;
  acts: number;
}

/** Acts per location or card series ("source") per New York day. */
export interface SourceDayCountsTable {
  organization_id: string;
  day: Day;
  source_id: string;
  acts: number;
}

/** Acts per location or card series, in all. */
/** A person's acts at one organisation, and their first and last there (issue 62): the profile's top organisations, the dashboard's engagement. */
export interface PersonOrganizationCountsTable {
  user_id: string;
  organization_id: string;
  acts: number;
  first_at: Timestamp;
  last_at: Timestamp;
}

/** Per organisation and New York day: people whose first act there was that day, and people whose latest was (kept by triggers on person_organization_counts). */
export interface OrganizationParticipantDaysTable {
  organization_id: string;
  day: Day;
  newcomers: number;
  last_seen: number;
}

/** An organisation's sums over a period's days up to a day (organization-figures/period-figures-repository.ts). */
export interface KeptPeriodFigures {
  /** New York day → acts. */
  perDay: Record<string, number>;
  /** Card type → acts. */
  byType: Record<string, number>;
  /** "weekday:hour" (0 is Sunday) → acts, manual acts left out (their hour is not when they happened). */
  hours: Record<string, number>;
  /** Location id → acts. */
  places: Record<string, number>;
  /** Acts in the period of the same length before. */
  previous: number;
}

/** Per organisation: how many statements counted acts into a New York day already over (offline scans synced late, voids, manual batches, repairs). */
export interface OrganizationClosedDayChangesTable {
  organization_id: string;
  changes: number;
}

/** An organisation's dashboard sums over a period's days up to `through`, made when its closed-day changes were `changes` (organization-figures/period-figures-repository.ts). */
export interface OrganizationPeriodFiguresTable {
  organization_id: string;
  days: number;
  through: Day;
  changes: number;
  figures: JsonObject<KeptPeriodFigures>;
}

/** Work a write queued for after its answer (platform/jobs/task-queue.ts). */
export interface QueuedTasksTable {
  id: Generated<number>;
  kind: string;
  payload: JsonObject<unknown>;
  run_after: GeneratedTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
  created_at: GeneratedTimestamp;
}

export interface SourceTotalsTable {
  source_id: string;
  acts: number;
}

export interface GeocodeCacheTable {
  key: string;
  answer: string;
  created_at: GeneratedTimestamp;
}

export interface BusinessLocationsTable {
  id: string;
  organization_id: string;
  name: string;
  address: Generated<string>;
  latitude: number;
  longitude: number;
  scan_radius_m: Generated<number>;
  city: Generated<string>;
  province: Generated<string>;
  postal_code: Generated<string>;
  country: Generated<string>;
  is_active: Generated<boolean>;
  qr_token: string;
  /** Its short link's code: /c/<short_code> (migration 0020 draws it). */
  short_code: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface CardSeriesTable {
  id: string;
  organization_id: string;
  name: string;
  card_type: Exclude<CardType, "virtual">;
  /** The name in other languages, by language code ({"en": "Pass-it-on cards"}); `name` where none is given. */
  name_translations: JsonObject<Partial<Record<string, string>>, undefined>;
  card_count: Generated<number>;
  is_active: Generated<boolean>;
  qr_token: string;
  /** Its short link's code: /c/<short_code> (migration 0020 draws it). */
  short_code: Generated<string>;
  created_at: GeneratedTimestamp;
}

export interface ActsTable {
  id: string;
  /** Null from the scan's commit until the numbering step numbers it (milliseconds). */
  act_number: number | null;
  /** Queue order for numbering. */
  queued_seq: Generated<number>;
  /** The scanner's country when the act was recorded (the country leaderboard counts it). */
  country: string | null;
  /** Null for a manual act: it counts for its organisation, for no person. */
  user_id: string | null;
  organization_id: string;
  location_id: string | null;
  card_series_id: string | null;
  /** A portable card's own number within its series (from its link), so its journey can be followed. */
  card_number: number | null;
  card_type: ActType;
  /** The batch a manual act was recorded in (manual acts only). */
  manual_batch_id: string | null;
  scanned_at: GeneratedTimestamp;
  scan_day: Day;
  rarity: Rarity;
  user_pseudo: string | null;
  latitude: number | null;
  longitude: number | null;
  client_timestamp: Timestamp | null;
  /** A portable card's stop: the city it reached, named when the scanner shared a position (coarse by then). */
  place_name: string | null;
}

/** A scan made while signed out, waiting for its person (pending-scan-service.ts). */
export interface PendingScansTable {
  id: string;
  /** SHA-256 of the token the browser and the emailed links carry. */
  token_hash: string;
  org: string;
  loc: string;
  type: CardType;
  card: number | null;
  /** For a place: the position that was inside its radius when the scan was kept. */
  latitude: number | null;
  longitude: number | null;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
  claimed_by: string | null;
  claimed_at: Timestamp | null;
  act_id: string | null;
  outcome: Json<ScanSuccess>;
}

/** A scan's answer kept under the idempotency key its app sent, so a retry gets the same act (scan-replay-repository.ts). */
export interface ScanReplaysTable {
  user_id: string;
  idempotency_key: string;
  act_id: string;
  answer: JsonObject<ScanSuccess>;
  created_at: GeneratedTimestamp;
  /** The hash of the request the key came with (null for rows kept before it was). */
  request_hash: string | null;
}

/** Thanks from an act's person to whoever held the portable card before them (thanks-service.ts). */
export interface ThanksTable {
  id: string;
  act_id: string;
  /** Who sent it (the act's person): the author, for moderation. */
  user_id: string;
  giver_id: string;
  message: Generated<string>;
  /** The sender chose to be named; otherwise the giver never learns who. */
  show_username: Generated<boolean>;
  created_at: GeneratedTimestamp;
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  hidden_reason: string | null;
}

/**
 * An emailed link written short: /l/<id> leads to a path on this site, kept
 * sealed with a key derived from the id, which is kept only as its hash
 * (short-links.ts): the table alone opens nothing.
 */
export interface SealedLinksTable {
  id_hash: string;
  /** AES-256-GCM's iv, tag and ciphertext, base64url. */
  sealed: string;
  created_at: GeneratedTimestamp;
  expires_at: Timestamp;
}

export interface ActCounterTable {
  id: number;
  last_number: number;
  /** Numbered acts the official account voided: the public total is `last_number - voided`. */
  voided: Generated<number>;
}

export type AnomalyKind = "impossible_travel" | "burst" | "copied_position";

export interface AnomalyFlagsTable {
  id: string;
  user_id: string;
  kind: AnomalyKind;
  /** The New York day the pattern was seen on. */
  day: Day;
  occurrences: Generated<number>;
  detail: Generated<Record<string, number>>;
  status: Generated<"open" | "dismissed" | "resolved">;
  review_note: string | null;
  reviewed_by: string | null;
  reviewed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface VoidedActsTable {
  id: string;
  act_number: number | null;
  user_id: string | null;
  organization_id: string;
  location_id: string | null;
  card_series_id: string | null;
  card_number: number | null;
  card_type: ActType;
  scanned_at: Timestamp;
  scan_day: Day;
  rarity: Rarity;
  latitude: number | null;
  longitude: number | null;
  reason: string;
  voided_by: string | null;
  voided_at: GeneratedTimestamp;
}

export interface AnomalyDigestsTable {
  day: Day;
  flags: number;
  sent_at: GeneratedTimestamp;
}

export interface UserScanDaysTable {
  user_id: string;
  day: Day;
  scans: number;
}

export interface UserStatsTable {
  user_id: string;
  total_acts: number;
  current_streak: number;
  longest_streak: number;
  last_act_day: Day | null;
  /** Streak freezes held (shared/acts/streaks.ts). */
  streak_freezes: Generated<number>;
  /** The last missed day a freeze covered. */
  last_frozen_day: Day | null;
  bronze: number;
  silver: number;
  gold: number;
  platinum: number;
  /** Days with at least one act (record_acts adds the day's first, a void takes back its last). */
  active_days: Generated<number>;
}

export interface ActTotalHistogramTable {
  total_acts: number;
  users: number;
}

export interface LeaderboardCountsTable {
  scope: string;
  period: string;
  subject_id: string;
  acts: number;
  /** When the count last grew (its latest counted act's time): of two equal counts, the earlier ranks first. */
  reached_at: GeneratedTimestamp;
}

export interface DailyActCountsTable {
  day: Day;
  acts: number;
}

export interface AchievementsTable {
  id: string;
  icon: string;
  points: number;
  criteria_type: "total_acts" | "current_streak" | "longest_streak" | "platinum_count";
  criteria_value: number;
  sort_order: number;
}

export interface UserAchievementsTable {
  user_id: string;
  achievement_id: string;
  earned_at: GeneratedTimestamp;
}

export interface ContestsTable {
  id: string;
  name: JsonObject<LocalizedText>;
  description: JsonObject<LocalizedText, undefined>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  /** Secret until the draw; `seed_hash` (its SHA-256) is public from the start. */
  seed: string;
  seed_hash: string;
  drawn_at: Timestamp | null;
  /** SHA-256 of the frozen ticket list (shared/contests/draw.ts). */
  ticket_digest: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface ContestDrawEntriesTable {
  contest_id: string;
  entrant: string;
  user_id: string | null;
  tickets: number;
}

export interface ContestWinnersTable {
  contest_id: string;
  draw_order: number;
  entrant: string;
  user_id: string | null;
  prize_position: number;
  emailed_at: Timestamp | null;
  email_failed_at: Timestamp | null;
  contacted_at: Timestamp | null;
  contacted_by: string | null;
}

export interface ManualActBatchesTable {
  id: string;
  organization_id: string;
  act_count: number;
  first_number: number;
  last_number: number;
  description: string;
  proof_type: "video" | "photo" | "both";
  proof_description: Generated<string>;
  performed_on: Day;
  recorded_by: string | null;
  recorded_at: GeneratedTimestamp;
}

export interface MailLogTable {
  id: Generated<number>;
  kind: string;
  recipient: string;
  subject: string;
  status: "sent" | "failed";
  error: string | null;
  created_at: GeneratedTimestamp;
}

export interface RateLimitRefusalsTable {
  rule: string;
  minute: Timestamp;
  refusals: number;
}

export interface ContestPrizesTable {
  contest_id: string;
  position: number;
  category: JsonObject<LocalizedText>;
  prize: JsonObject<LocalizedText>;
  quantity: Generated<number>;
}

export interface ContestEntriesTable {
  contest_id: string;
  user_id: string;
  tickets: number;
  updated_at: GeneratedTimestamp;
}

export interface KindMessagesTable {
  id: Generated<number>;
  message: JsonObject<LocalizedText>;
  is_active: Generated<boolean>;
}

export interface UserCountTable {
  id: number;
  users: number;
}

/** Hidden by the official account: kept for the record, shown to nobody else. */
interface Moderated {
  hidden_at: Timestamp | null;
  hidden_by: string | null;
  hidden_reason: string | null;
}

export interface ChatMessagesTable extends Moderated {
  id: string;
  user_id: string;
  body: string;
  like_count: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface ChatMessageLikesTable {
  message_id: string;
  user_id: string;
  created_at: GeneratedTimestamp;
}

export interface GalleryPostsTable extends Moderated {
  id: string;
  user_id: string;
  caption: string;
  /** One of the author's own acts, or none (docs/design.md §4.5). */
  act_id: string | null;
  image_key: string;
  image_type: string;
  image_width: number;
  image_height: number;
  thumb_key: string;
  thumb_type: string;
  thumb_width: number;
  thumb_height: number;
  like_count: Generated<number>;
  share_count: Generated<number>;
  created_at: GeneratedTimestamp;
}

export interface GalleryPostLikesTable {
  post_id: string;
  user_id: string;
  created_at: GeneratedTimestamp;
}

export type ContentType = "message" | "post" | "thanks" | "team";

export interface ContentReportsTable {
  id: string;
  content_type: ContentType;
  content_id: string;
  reporter_id: string;
  reason: ReportReason;
  details: Generated<string>;
  created_at: GeneratedTimestamp;
  resolved_at: Timestamp | null;
  resolved_by: string | null;
}

export interface ModerationActionsTable {
  id: string;
  content_type: ContentType;
  content_id: string;
  author_id: string;
  action: "hide" | "restore";
  reason: Generated<string>;
  moderator_id: string | null;
  created_at: GeneratedTimestamp;
}

/** A holder who asked for no more news of one card (a card's travels reach its earlier holders by default). */
export interface CardMutesTable {
  card_series_id: string;
  card_number: number;
  user_id: string;
  created_at: GeneratedTimestamp;
}

/** The day a card's travels were last told: at most one notice a day per card. */
export interface CardTravelNoticesTable {
  card_series_id: string;
  card_number: number;
  day: Day;
}

export type TeamKind = "walking" | "work";

/** A walking team or a work team (issue 43): its name, owner (`user_id`) and how to join. */
export interface TeamsTable extends Moderated {
  id: string;
  kind: TeamKind;
  name: string;
  /** The name folded to compare (case, accents, spaces): unique among the open teams of a kind. */
  name_key: string;
  user_id: string;
  organization_id: string | null;
  password_hash: string | null;
  /** The invite link is derived from the server's secret and this; a new version revokes the old link. */
  invite_version: Generated<number>;
  /** The monthly challenge: acts per member, or none. */
  monthly_target: number | null;
  created_at: GeneratedTimestamp;
  closed_at: Timestamp | null;
  closed_reason: string | null;
}

/** One membership; kept once it ends, so that an act counts for the team its author was in when it was made. */
export interface TeamMembersTable {
  id: string;
  team_id: string;
  user_id: string;
  kind: TeamKind;
  joined_at: GeneratedTimestamp;
  left_at: Timestamp | null;
  left_reason: string | null;
  /** The name teammates see, chosen on joining; null: the boards' rule (username if shown, else a pseudonym). */
  display_name: string | null;
}

/** A month in which a team reached its challenge (celebrated and told once). */
export interface TeamChallengeReachedTable {
  team_id: string;
  month: string;
  /** The goal reached: the per-member target times the members then. */
  goal: number;
  reached_at: GeneratedTimestamp;
}

/** A choice someone made for one kind of notification on one channel; the defaults live in shared/notifications.ts. */
export interface NotificationPreferencesTable {
  user_id: string;
  kind: string;
  channel: "push" | "email";
  enabled: boolean;
}

/** A device that allowed notifications: its push service address and the keys to encrypt for it (RFC 8291). */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: GeneratedTimestamp;
  last_sent_at: Timestamp | null;
}

/** The hour a person wants their streak reminder, in their time zone, and the day's claim. */
export interface StreakRemindersTable {
  user_id: string;
  local_hour: number;
  time_zone: string;
  last_sent_at: Timestamp | null;
  /** The New York day the last reminder was for. */
  last_sent_day: Day | null;
  snoozed_until: Timestamp | null;
}

/** The streak reminder offered after an act: how many "not now", the day of the last, and when it was taken. */
export interface ReminderOffersTable {
  user_id: string;
  declines: Generated<number>;
  last_declined_day: Day | null;
  accepted_at: Timestamp | null;
}

/** A day on which a person got a card's travels by email (the first of the day goes at once). */
export interface TravelEmailDaysTable {
  user_id: string;
  day: Day;
}

/** A card's travels that wait for the person's next morning digest (after the first email of the day). */
export interface PendingTravelNewsTable {
  id: string;
  user_id: string;
  day: Day;
  travel: JsonObject<CardTravel>;
  created_at: Timestamp;
}

/** A day a streak freeze covered, told once to its person. */
export interface StreakFreezeNoticesTable {
  user_id: string;
  covered_day: Day;
  sent_at: Timestamp;
}

/** A kind's emails paused from a one-tap link, until then. */
export interface EmailPausesTable {
  user_id: string;
  kind: string;
  until: Timestamp;
}

/** A person's news of their cards' travels, read in the app (card journeys'; migration 0057 named it). */
export interface TravelNewsTable {
  id: string;
  user_id: string;
  kind: "card_moved";
  /** JSON, shaped by the kind. */
  data: string;
  created_at: GeneratedTimestamp;
  read_at: Timestamp | null;
}

export interface WorkplaceAccessCodesTable {
  id: string;
  organization_id: string;
  code: string;
  is_active: Generated<boolean>;
  max_uses: number;
  current_uses: Generated<number>;
  expires_at: Timestamp | null;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface WorkplaceAccessTable {
  user_id: string;
  organization_id: string;
  access_code_id: string | null;
  granted_at: GeneratedTimestamp;
  /** Set by the employee: they work remotely (the employer's telework list). */
  remote_work: Generated<boolean>;
}

export interface WellbeingSurveysTable {
  id: string;
  organization_id: string;
  survey_type: Generated<"climate">;
  is_active: Generated<boolean>;
  results_shared: Generated<boolean>;
  period_start: string;
  period_end: string;
  created_at: GeneratedTimestamp;
  closed_at: Timestamp | null;
  opened_by: string | null;
  invitations_sent_at: Timestamp | null;
  reminder_sent_at: Timestamp | null;
}

/** The tallies results show: republished only when the count has grown by five or more. */
export interface SurveyPublishedTalliesTable {
  survey_id: string;
  responses: number;
  counts: number[];
  published_at: GeneratedTimestamp;
}

/** A closed period's figures (null under five responses). */
export interface SurveyAggregatesTable {
  survey_id: string;
  organization_id: string;
  period_start: string;
  period_end: string;
  responses: number;
  employees_with_access: number;
  participation_percent: number | null;
  overall_score: string | null;
  category_averages: Json<Record<string, number>>;
  question_scores: Json<Record<string, number>>;
  red_flags: Json<{ category: string; score: number; severity: "critical" | "high" }[]>;
  created_at: GeneratedTimestamp;
  /** The follow-ups' averages, by their place ("0", "1"…): did the published actions help? */
  follow_up_scores: JsonObject<Record<string, number>, undefined>;
}

/** A survey's "did it help?" question about an action published since the last survey: what it asked, at its place. */
export interface SurveyFollowUpsTable {
  survey_id: string;
  position: number;
  action_id: string | null;
  category: string;
  text: string;
}

export interface VerificationSchedulesTable {
  id: string;
  organization_id: string;
  verification_date: string;
  responsible_person: string | null;
  status: Generated<"planned" | "done">;
  done_at: Timestamp | null;
  done_note: string | null;
}

export interface InternalAuditsTable {
  id: string;
  organization_id: string;
  stress_reduction: number;
  engagement: number;
  submitted_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface TeleworkInclusionActionsTable {
  id: string;
  organization_id: string;
  user_id: string;
  action: string;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export interface SurveyRespondentsTable {
  survey_id: string;
  user_id: string;
}

export interface SurveyAnswerTalliesTable {
  survey_id: string;
  shard: number;
  responses: number;
  /** How many chose each position of each question: index question × 5 + (position − 1). */
  counts: number[];
}

export interface TrainingCompletionsTable {
  user_id: string;
  module_id: string;
  attempts: Generated<number>;
  score: number | null;
  passed: Generated<boolean>;
  completed_at: Timestamp | null;
}

/** An attempt's draw: each question's id in its pool and its options' order as shown (`order[shown]` = place in the pool). */
export interface DrawnQuestion {
  id: string;
  order: number[];
}

export interface LearningAttemptsTable {
  id: string;
  user_id: string;
  /** A training module's id, or the quiz's ("policy", "harassment"). */
  subject: string;
  questions: JsonObject<DrawnQuestion[]>;
  started_at: GeneratedTimestamp;
  graded_at: Timestamp | null;
  score: number | null;
}

export interface QuizResultsTable {
  user_id: string;
  organization_id: string;
  quiz_id: "policy" | "harassment" | "manager";
  attempts: Generated<number>;
  score: number | null;
  passed_at: Timestamp | null;
}

export interface PolicyAcknowledgmentsTable {
  user_id: string;
  organization_id: string;
  quiz_score: number;
  attempts: number;
  acknowledged_at: GeneratedTimestamp;
}

export interface CertificatesTable {
  id: string;
  code: string;
  kind: "training" | "policy" | "harassment" | "manager";
  user_id: string;
  organization_id: string;
  holder_name: string;
  employer_name: string;
  completed_at: Timestamp;
  score: number | null;
  attempts: number | null;
  issued_at: GeneratedTimestamp;
  signatory_name: string | null;
  signatory_title: string | null;
  /** When a new version replaced it (a changed legal name, a renewal), and that version's code; null: current. */
  superseded_at: Timestamp | null;
  superseded_by: string | null;
  /** From the employer's validity for the kind when it was issued; null: never expires. */
  expires_at: Timestamp | null;
  /** When its holder was reminded to renew it (once). */
  renewal_reminded_at: Timestamp | null;
  /** Its place in the credentials' revocation status list, given at the first credential download (issue 47 §3). */
  credential_status_index: number | null;
  /** When its employer withdrew it (issued in error, earned by someone else); null: not withdrawn. */
  withdrawn_at: Timestamp | null;
}

/** A credential's place in the status list whose certificate was erased with its holder's account: it stays revoked. */
export interface RevokedCredentialsTable {
  status_index: number;
  revoked_at: GeneratedTimestamp;
}

/** An employer's validity for a kind of certificate, in months; null: never expires (no row: the default). */
export interface CertificateValiditiesTable {
  organization_id: string;
  kind: string;
  months: number | null;
}

/** A person's full legal name, given for certificates only (Law 25: with its purpose). */
export interface LegalNamesTable {
  user_id: string;
  legal_name: string;
  purpose: "certificates";
  recorded_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface WorkplacePolicyFilesTable {
  id: string;
  organization_id: string;
  file_name: string;
  storage_key: string;
  file_size: number;
  uploaded_by: string | null;
  uploaded_at: GeneratedTimestamp;
  is_active: Generated<boolean>;
}

export interface SstCommitteeMembersTable {
  id: string;
  organization_id: string;
  name: string;
  role: string;
  contact_email: string | null;
  contact_phone: string | null;
  elected_date: string;
  term_end_date: string | null;
  is_active: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

export interface SstCommitteeMeetingsTable {
  id: string;
  organization_id: string;
  title: string;
  meeting_date: string;
  key_decisions: Generated<string>;
  created_at: GeneratedTimestamp;
  /** The start on the wall clock of `time_zone` ("14:00:00"); null: a meeting known by its day only. */
  starts_at: string | null;
  duration_minutes: Generated<number>;
  location: Generated<string>;
  time_zone: Generated<string>;
  /** iCalendar's SEQUENCE: one more at every change, so calendars holding the event take the new version. */
  sequence: Generated<number>;
  cancelled_at: Timestamp | null;
  updated_at: GeneratedTimestamp;
}

/** A committee member's calendar feed: the hash of its unguessable token (issue 47 §5). */
export interface CommitteeCalendarFeedsTable {
  member_id: string;
  token_hash: string;
  language: string;
  created_at: GeneratedTimestamp;
}

/** An organisation's SCIM bearer token, by its hash (issue 47 §2). */
export interface StaffDirectoryTokensTable {
  organization_id: string;
  token_hash: string;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  last_used_at: Timestamp | null;
}

/** "Send to your IT person": an expiring link to the employer's own values in the providers' guide, by its token's hash (issue 61 §2). */
export interface ItHandoffsTable {
  token_hash: string;
  organization_id: string;
  recipient_email: string;
  language: string;
  sent_by: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** A person the employer's identity provider sent through SCIM; `user_id` is the Kindly account linked by verified email. */
export interface StaffDirectoryPeopleTable {
  id: string;
  organization_id: string;
  user_name: string;
  external_id: string | null;
  email: string | null;
  given_name: string | null;
  family_name: string | null;
  display_name: string | null;
  active: Generated<boolean>;
  user_id: string | null;
  version: Generated<number>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** When the account holding this email was asked whether the entry is them (once per address). */
  invited_at: Timestamp | null;
  /** When that account's owner said the entry is not them. */
  declined_at: Timestamp | null;
}

/** An organisation's OpenID Connect provider; the client secret sealed (issue 47 §1). */
export interface SsoConfigurationsTable {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  updated_by: string | null;
  updated_at: GeneratedTimestamp;
}

/** A sign-in on its way to the provider: the PKCE verifier and nonce its answer must match, by the state's hash. */
export interface SsoLoginsTable {
  state_hash: string;
  organization_id: string;
  code_verifier: string;
  nonce: string;
  expires_at: Timestamp;
  browser_hash: string;
}

/** An email domain an employer proved it owns (a DNS TXT record): its provider vouches for addresses there. */
export interface SsoEmailDomainsTable {
  organization_id: string;
  domain: string;
  token: string;
  verified_at: Timestamp | null;
  checked_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A provider's subject linked to a Kindly account, per organisation. */
export interface SsoIdentitiesTable {
  organization_id: string;
  subject: string;
  user_id: string;
  created_at: GeneratedTimestamp;
}

/** A provider's answer waiting for the person to prove or create their Kindly account. */
export interface SsoPendingTable {
  token_hash: string;
  organization_id: string;
  subject: string;
  email: string;
  email_verified: boolean;
  display_name: string | null;
  expires_at: Timestamp;
  browser_hash: string;
  username: string | null;
  language: string | null;
  confirm_hash: string | null;
}

export interface SstCommitteeActionItemsTable {
  id: string;
  organization_id: string;
  title: string;
  description: Generated<string>;
  priority: Generated<"critical" | "high" | "medium" | "low">;
  due_date: string | null;
  assigned_to: string | null;
  status: Generated<"pending" | "in_progress" | "completed">;
  completed_date: Timestamp | null;
  created_at: GeneratedTimestamp;
  /** The red flag this action answers: a survey period and one of its categories. */
  survey_id: string | null;
  flag_category: string | null;
  /** What employees read of it ("you said, we did"), as the employer reviewed it, and since when; null: not published. */
  published_text: string | null;
  published_at: Timestamp | null;
  created_by: string | null;
}

export interface SstCommitteeFeedbackTable {
  id: string;
  organization_id: string;
  user_id: string | null;
  subject: string;
  message: string;
  category: "safety" | "health" | "wellbeing" | "other";
  status: Generated<"submitted" | "pending" | "reviewed">;
  is_anonymous: boolean;
  response: string | null;
  reviewed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  accounts: AccountsTable;
  verifications: VerificationsTable;
  user_roles: UserRolesTable;
  rate_limit_counters: RateLimitCountersTable;
  dev_outbox: DevOutboxTable;
  email_recovery_tokens: EmailRecoveryTokensTable;
  app_settings: AppSettingsTable;
  organizations: OrganizationsTable;
  organization_members: OrganizationMembersTable;
  organization_invitations: OrganizationInvitationsTable;
  organization_requests: OrganizationRequestsTable;
  campaigns: CampaignsTable;
  campaign_locations: CampaignLocationsTable;
  geocode_cache: GeocodeCacheTable;
  organization_hour_counts: OrganizationHourCountsTable;
  source_day_counts: SourceDayCountsTable;
  source_totals: SourceTotalsTable;
  person_organization_counts: PersonOrganizationCountsTable;
  organization_participant_days: OrganizationParticipantDaysTable;
  organization_closed_day_changes: OrganizationClosedDayChangesTable;
  organization_period_figures: OrganizationPeriodFiguresTable;
  queued_tasks: QueuedTasksTable;
  business_locations: BusinessLocationsTable;
  card_series: CardSeriesTable;
  acts: ActsTable;
  pending_scans: PendingScansTable;
  scan_replays: ScanReplaysTable;
  thanks: ThanksTable;
  sealed_links: SealedLinksTable;
  act_counter: ActCounterTable;
  anomaly_flags: AnomalyFlagsTable;
  anomaly_digests: AnomalyDigestsTable;
  voided_acts: VoidedActsTable;
  user_scan_days: UserScanDaysTable;
  user_stats: UserStatsTable;
  act_total_histogram: ActTotalHistogramTable;
  leaderboard_counts: LeaderboardCountsTable;
  daily_act_counts: DailyActCountsTable;
  achievements: AchievementsTable;
  user_achievements: UserAchievementsTable;
  contests: ContestsTable;
  contest_prizes: ContestPrizesTable;
  contest_entries: ContestEntriesTable;
  contest_draw_entries: ContestDrawEntriesTable;
  contest_winners: ContestWinnersTable;
  manual_act_batches: ManualActBatchesTable;
  mail_log: MailLogTable;
  known_devices: KnownDevicesTable;
  data_exports: DataExportsTable;
  consents: ConsentsTable;
  rate_limit_refusals: RateLimitRefusalsTable;
  kind_messages: KindMessagesTable;
  user_count: UserCountTable;
  chat_messages: ChatMessagesTable;
  chat_message_likes: ChatMessageLikesTable;
  gallery_posts: GalleryPostsTable;
  gallery_post_likes: GalleryPostLikesTable;
  content_reports: ContentReportsTable;
  moderation_actions: ModerationActionsTable;
  card_mutes: CardMutesTable;
  card_travel_notices: CardTravelNoticesTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  streak_reminders: StreakRemindersTable;
  reminder_offers: ReminderOffersTable;
  email_pauses: EmailPausesTable;
  streak_freeze_notices: StreakFreezeNoticesTable;
  travel_email_days: TravelEmailDaysTable;
  pending_travel_news: PendingTravelNewsTable;
  travel_news: TravelNewsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_challenge_reached: TeamChallengeReachedTable;
  workplace_access_codes: WorkplaceAccessCodesTable;
  workplace_access: WorkplaceAccessTable;
  wellbeing_surveys: WellbeingSurveysTable;
  survey_respondents: SurveyRespondentsTable;
  survey_answer_tallies: SurveyAnswerTalliesTable;
  training_completions: TrainingCompletionsTable;
  quiz_results: QuizResultsTable;
  learning_attempts: LearningAttemptsTable;
  policy_acknowledgments: PolicyAcknowledgmentsTable;
  certificates: CertificatesTable;
  certificate_validities: CertificateValiditiesTable;
  revoked_credentials: RevokedCredentialsTable;
  legal_names: LegalNamesTable;
  workplace_policy_files: WorkplacePolicyFilesTable;
  sst_committee_members: SstCommitteeMembersTable;
  sst_committee_meetings: SstCommitteeMeetingsTable;
  committee_calendar_feeds: CommitteeCalendarFeedsTable;
  staff_directory_tokens: StaffDirectoryTokensTable;
  it_handoffs: ItHandoffsTable;
  staff_directory_people: StaffDirectoryPeopleTable;
  sso_configurations: SsoConfigurationsTable;
  sso_logins: SsoLoginsTable;
  sso_identities: SsoIdentitiesTable;
  sso_pending: SsoPendingTable;
  sso_email_domains: SsoEmailDomainsTable;
  sst_committee_action_items: SstCommitteeActionItemsTable;
  sst_committee_feedback: SstCommitteeFeedbackTable;
  survey_published_tallies: SurveyPublishedTalliesTable;
  survey_aggregates: SurveyAggregatesTable;
  survey_follow_ups: SurveyFollowUpsTable;
  verification_schedules: VerificationSchedulesTable;
  internal_audits: InternalAuditsTable;
  telework_inclusion_actions: TeleworkInclusionActionsTable;
}

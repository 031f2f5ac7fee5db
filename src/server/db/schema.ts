import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
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
  language_preference: "en" | "fr";
  onboarding_completed: boolean;
  is_official: boolean;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: string;
  expires_at: Timestamp;
  ip_address: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
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

export type Role = "admin" | "business" | "user";

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
}

export interface EmailRecoveryTokensTable {
  token_hash: string;
  user_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface AppSettingsTable {
  key: string;
  value: string;
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
}

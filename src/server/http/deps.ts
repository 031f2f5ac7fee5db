import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { DatabaseDriver } from "../db/client.js";
import type { DB } from "../db/schema.js";
import type { Auth } from "../features/auth/auth.js";
import type { LiveEvents } from "../features/live/live-events.js";
import type { SendAccountEmail } from "../features/mail/email-cooldown.js";
import type { Mailer } from "../features/mail/mailer.js";
import type { RateLimiter } from "../features/rate-limit/rate-limiter.js";

/** What route plugins receive: built once in main.ts (or by the test helper). */
export interface AppDeps {
  config: Config;
  db: Kysely<DB>;
  driver: DatabaseDriver;
  auth: Auth;
  mailer: Mailer;
  sendAccountEmail: SendAccountEmail;
  limiter: RateLimiter;
  /** Live events from every process sharing the database. */
  live: LiveEvents;
  /** Where scans NOTIFY their events (one channel per database schema). */
  eventsChannel: string;
}

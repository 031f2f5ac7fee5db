import type { SecretBox } from "../platform/secrets/secret-box.js";
import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import type { DatabaseDriver } from "../platform/db/client.js";
import type { ReadRouting } from "../platform/db/read-routing.js";
import type { DB } from "../platform/db/schema.js";
import type { LiveEvents } from "../platform/live/live-events.js";
import type { SendAccountEmail } from "../platform/mail/email-cooldown.js";
import type { Mailer } from "../platform/mail/mailer.js";
import type { PublicReadCache } from "./public-read-cache.js";
import type { Geocoder } from "../platform/geocoding/geocoding-service.js";
import type { FileStorage } from "../platform/storage/file-storage.js";
import type { LinkSigner } from "../platform/storage/signed-links.js";
import type { RateLimiter } from "../platform/rate-limit/rate-limiter.js";
import type { Metrics } from "../platform/metrics/metrics.js";
import type { PushSender } from "../platform/push/web-push-sender.js";
import type { TaskQueue } from "../platform/jobs/task-queue.js";
import type { NameResolver } from "../platform/net/name-resolver.js";
import type { OutboundClient } from "../platform/net/outbound-client.js";

/**
 * What the layers below features provide to route plugins. The services
 * features provide each other (sessions, the numbering, the notifier) are
 * added by bootstrap.ts, where features meet (`AppDeps`); a route plugin
 * names the ones it needs (`HttpDeps & SessionDeps`…), from the features'
 * doors, so nothing below features imports one.
 */
export interface HttpDeps {
  config: Config;
  db: Kysely<DB>;
  /** Where public reads go: a replica when configured, the primary for a browser that just wrote. */
  reads: ReadRouting;
  driver: DatabaseDriver;
  mailer: Mailer;
  sendAccountEmail: SendAccountEmail;
  limiter: RateLimiter;
  /** Live events from every process sharing the database. */
  live: LiveEvents;
  /** Where the numbering step NOTIFYs its events (one channel per database schema). */
  eventsChannel: string;
  /** Public numbers cached briefly, emptied by every numbering batch. */
  publicCache: PublicReadCache;
  /** Address search for the location dialog, through the configured provider. */
  geocoder: Geocoder;
  /** Uploaded files: local disk or an S3-compatible store. */
  storage: FileStorage;
  /** Signs links that open a stored file for a while (policy PDFs). */
  signer: LinkSigner;
  /** Seals secrets Kindly must read again (an employer's OpenID Connect client secret). */
  secretBox: SecretBox;
  /** Counters and timings for GET /metrics. */
  metrics: Metrics;
  /** Names looked up through the system's resolver or DNS_SERVERS (outbound checks, domain ownership). */
  resolver: NameResolver;
  /** The one road out to addresses someone else chose (push endpoints, identity providers). */
  outbound: OutboundClient;
  /** Web Push to people's devices (VAPID, encrypted per device). */
  push: PushSender;
  /** Work a write queues, in its transaction, for after its answer (a notice to deliver). */
  tasks: TaskQueue;
}

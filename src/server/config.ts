import { isIP } from "node:net";
import { z } from "zod";
import { DEFAULT_GOALS, parseGoals } from "../shared/acts/goals.js";

/** scrypt's cost for passwords, log2 of N (platform/secrets/password-hashing.ts): better-auth's own 2^14 by default. */
export const DEFAULT_PASSWORD_HASH_COST = 14;
export const MIN_PASSWORD_HASH_COST = 10;
export const MAX_PASSWORD_HASH_COST = 20;

const booleanFlag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

/**
 * Which proxies may say who the client is (X-Forwarded-For). `true` or a
 * number trusts that many hops in front of Kindly (true = 1): the address the
 * nearest proxy saw counts, whatever a client wrote before it. A list of
 * addresses or CIDR ranges trusts those proxies only. Never "trust anyone":
 * rate limits count by this address, and a client must not choose it.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (["", "false", "0"].includes(value)) return false;
    if (value === "true") return 1;
    if (/^\d+$/.test(value) && Number(value) <= 10) return Number(value);
    const entries = value.split(",").map((entry) => entry.trim());
    if (entries.every((entry) => isProxyAddress(entry))) return entries;
    ctx.addIssue({
      code: "custom",
      message: "must be false, a number of proxy hops (1-10), or proxy addresses/CIDR ranges separated by commas",
    });
    return z.NEVER;
  });

/** A comma-separated setting as its trimmed, non-empty entries. */
const commaList = (each: (entry: string) => string = (entry) => entry) =>
  z
    .string()
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .map((entry) => each(entry.trim()))
        .filter(Boolean),
    );

function isDnsServer(entry: string): boolean {
  const match = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d{1,5}))?$/.exec(entry);
  const address = match?.[1] ?? match?.[2];
  return Boolean(address && isIP(address) !== 0 && (!match![3] || Number(match![3]) <= 65535));
}

function isProxyAddress(entry: string): boolean {
  const [address, bits, ...rest] = entry.split("/");
  if (rest.length > 0 || !address || isIP(address) === 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
}

/** Every setting Kindly reads. `.env.example` documents the same list. */
const configSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("0.0.0.0"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    APP_URL: z.url().optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    DATABASE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, "must be a lower-case PostgreSQL identifier")
      .optional(),
    AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
      .optional(),
    MAIL_FROM: z.string().min(3).default("Kindly <no-reply@kindly.localhost>"),
    SUPPORT_EMAIL: z.email().default("support@kindly.localhost"),
    // The person in charge of the protection of personal information (Law 25), named on the privacy page.
    PRIVACY_OFFICER_NAME: z.string().trim().min(1).max(120).optional(),
    PRIVACY_OFFICER_EMAIL: z.email().optional(),
    OFFICIAL_ACCOUNT_EMAIL: z.email().optional(),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must start with redis:// or rediss://")
      .optional(),
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    TRUST_PROXY: trustProxy.default(false),
    // A header the trusted proxy sets to the client's country (Cloudflare's
    // cf-ipcountry, for one): the signed-in devices list shows it. Read only
    // behind a trusted proxy, since a client could set it itself.
    CLIENT_COUNTRY_HEADER: z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "must be a header name")
      .transform((name) => name.toLowerCase())
      .optional(),
    // A request must arrive whole within this time (a body trickled a byte at a
    // time would otherwise hold a connection forever).
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    // A stopping server answers requests on its open connections with 503 and Connection: close for up
    // to this long (until none is left open) before it closes them (http/drain.ts).
    DRAIN_SECONDS: z.coerce.number().min(0).max(30).default(2),
    // Live event streams this process keeps open: in all, per client address, per account.
    // A bearer token that opens GET /metrics from other machines (a Prometheus server); without it, this machine only.
    // scrypt's cost for passwords, log2 of N (password-hashing.ts): 14 as better-auth, never lower in production.
    PASSWORD_HASH_COST: z.coerce.number().int().min(MIN_PASSWORD_HASH_COST).max(MAX_PASSWORD_HASH_COST).default(DEFAULT_PASSWORD_HASH_COST),
    METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
    LIVE_STREAMS_MAX: z.coerce.number().int().min(1).default(5000),
    LIVE_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
    LIVE_STREAMS_PER_USER: z.coerce.number().int().min(1).default(5),
    // Requests to addresses people or employers give (push endpoints, an identity provider's discovery,
    // keys and tokens) reach global unicast addresses only. OUTBOUND_ALLOW opens chosen ranges anyway
    // (CIDR or addresses, comma-separated): an identity provider on the intranet, a push service run for tests.
    OUTBOUND_ALLOW: commaList().refine(
      (entries) => entries.every(isProxyAddress),
      "must be addresses or CIDR ranges separated by commas (10.0.0.0/8, 127.0.0.1)",
    ),
    // DNS servers for those requests' names and for employers' domain checks (host or host:port, comma-separated);
    // unset, the system's resolver.
    DNS_SERVERS: commaList().refine(
      (servers) => servers.every(isDnsServer),
      "must be IP addresses with an optional port (127.0.0.1:5353, [::1]:53)",
    ),
    // Push services beyond the browsers' own (FCM, Mozilla, Apple, Windows), as host names; *.example.org
    // takes its subdomains. Push endpoints are https on port 443 at one of them.
    PUSH_SERVICES: commaList((entry) => entry.toLowerCase()).refine(
      (hosts) => hosts.every((host) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host)),
      "must be host names such as push.example.org or *.example.org",
    ),
    // Web Push's VAPID key pair (unpadded base64url, as `npx web-push generate-vapid-keys` prints).
    // Without them Kindly makes a pair once and keeps it in the database.
    VAPID_PUBLIC_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, "must be a P-256 public key in base64url")
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url")
      .optional(),
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/.+\{z\}.+\{x\}.+\{y\}/, "must be an http(s) URL with {z}, {x} and {y}")
      .default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
    MAP_ATTRIBUTION: z.string().min(1).default("© OpenStreetMap contributors"),
    GEOCODING_URL: z.url().default("https://nominatim.openstreetmap.org"),
    GEOCODING_MIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
    // A native Kindly app, if one is published: the handoff pages (/app-link)
    // then try to open it and fall back to its store. Without them, "install
    // the app" installs the web app itself.
    APP_SCHEME: z
      .string()
      .regex(/^[a-z][a-z0-9+.-]*$/, "must be a URL scheme such as kindly")
      .optional(),
    ANDROID_PACKAGE: z
      .string()
      .regex(/^[a-zA-Z][\w]*(\.[a-zA-Z][\w]*)+$/, "must be an Android package name such as org.kindly.app")
      .optional(),
    APP_STORE_URL: z.url().optional(),
    PLAY_STORE_URL: z.url().optional(),
    OFFICIAL_WEBSITE_URL: z.url().optional(),
    // How long after a contest's end its draw may run: a scan that began just
    // before the end has this long to commit its ticket.
    CONTEST_DRAW_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    // How often the server looks for contests whose grace has passed and draws them (0: never; the
    // official account's button then draws them).
    CONTEST_AUTO_DRAW_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
    // How often the reminder jobs look for who is due (streak reminders, certificate renewals, team challenges).
    REMINDER_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // The movement's first day (day 1 on the home page), as YYYY-MM-DD in New York; unset, the day
    // this deployment first started (the demo data sets a recent one).
    KINDLY_MOVEMENT_START: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "write the day as YYYY-MM-DD")
      .refine(
        (day) => !Number.isNaN(Date.parse(`${day}T12:00:00Z`)) && new Date(`${day}T12:00:00Z`).toISOString().startsWith(day),
        "not a real day",
      )
      .optional(),
    // The movement's goals on the home page, as target:year pairs.
    MOVEMENT_GOALS: z
      .string()
      .default(DEFAULT_GOALS)
      .transform((text, ctx) => {
        try {
          return parseGoals(text);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    // Uploaded photos: ./data/uploads (under DATA_DIR) unless an S3-compatible
    // store is set; S3_BUCKET turns S3 on, and the rest follow the AWS SDK.
    UPLOADS_DIR: z.string().min(1).optional(),
    // Free space: below DISK_WARNING_MB the admin System status warns; below
    // UPLOAD_MIN_FREE_MB uploads are refused up front (storage_full), keeping
    // room for the database's own writes.
    DISK_WARNING_MB: z.coerce.number().int().min(0).default(1024),
    UPLOAD_MIN_FREE_MB: z.coerce.number().int().min(0).default(50),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")
      .optional(),
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    // Most S3-compatible servers (MinIO, s3rver, Ceph) want bucket names in the path.
    S3_FORCE_PATH_STYLE: booleanFlag.default(true),
    PUBLIC_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(5),
    DEMO_DATA: z.enum(["auto", "always", "never"]).default("auto"),
    // Translators' preview: "1" lets `?lang=xa` show the pseudo-locale (every message accented and longer)
    // in this build, to find words that are not messages. Off in production (refused there below).
    PSEUDO_LOCALE: booleanFlag.default(false),
    // The test clock: PUT /api/dev/clock moves this server's time, for journeys that play several
    // days (platform/clock/test-clock.ts; docs/operations.md). Never in production.
    KINDLY_TEST_CLOCK: booleanFlag.default(false),
    // "1": the API alone, no web app (npm run dev, where Vite serves the app; the tests' server processes).
    KINDLY_API_ONLY: z.enum(["0", "1"]).default("0"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // "pretty": short human lines; "json": one object per line. Unset: pretty in a terminal outside production.
    LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.DATABASE_READ_URL && !value.DATABASE_URL) {
      ctx.addIssue({ code: "custom", path: ["DATABASE_READ_URL"], message: "needs DATABASE_URL (the primary it replicates)" });
    }
    if (value.S3_BUCKET && Boolean(value.S3_ACCESS_KEY_ID) !== Boolean(value.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({ code: "custom", path: ["S3_SECRET_ACCESS_KEY"], message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together" });
    }
    if (Boolean(value.VAPID_PUBLIC_KEY) !== Boolean(value.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together" });
    }
    if (value.NODE_ENV === "production" && !value.SMTP_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "is required in production (the development outbox is off there)",
      });
    }
    if (value.NODE_ENV === "production" && value.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST) {
      ctx.addIssue({
        code: "custom",
        path: ["PASSWORD_HASH_COST"],
        message: `is at least ${DEFAULT_PASSWORD_HASH_COST} in production (a lower cost is for test servers)`,
      });
    }
    if (value.NODE_ENV === "production" && value.PSEUDO_LOCALE) {
      ctx.addIssue({ code: "custom", path: ["PSEUDO_LOCALE"], message: "is a translators' preview, never on in production" });
    }
    if (value.NODE_ENV === "production" && value.KINDLY_TEST_CLOCK) {
      ctx.addIssue({ code: "custom", path: ["KINDLY_TEST_CLOCK"], message: "moves the server's time for tests, never on in production" });
    }
  });

export type Config = Readonly<Omit<z.infer<typeof configSchema>, "APP_URL"> & { APP_URL: string; devOutbox: boolean }>;

export class ConfigError extends Error {}

/** Parses the environment once; a bad value names its variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const value = parsed.data;
  return Object.freeze({
    ...value,
    APP_URL: (value.APP_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, ""),
    devOutbox: !value.SMTP_URL && value.NODE_ENV !== "production",
  });
}

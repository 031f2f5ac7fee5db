import type { StartupSteps } from "../../scripts/startup-steps.mjs";
import { createSecretBox } from "./platform/secrets/secret-box.js";
import { keepFirstSetting } from "./platform/db/settings-repository.js";
import { createPushSender } from "./platform/push/web-push-sender.js";
import { createPushEndpointPolicy } from "./platform/push/push-endpoints.js";
import { createNameResolver } from "./platform/net/name-resolver.js";
import { createOutboundClient } from "./platform/net/outbound-client.js";
import { parseAllowedRanges } from "./platform/net/address-ranges.js";
import { createNotifier } from "./features/notifications/index.js";
import { createLinkSigner } from "./platform/storage/signed-links.js";
import { createFileStorage, uploadsFolder } from "./platform/storage/file-storage.js";
import { diskStatus } from "./platform/storage/disk-status.js";
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import { existsSync } from "node:fs";
import path from "node:path";
import { openDatabase, type Database } from "./platform/db/client.js";
import { startEmbeddedPostgres } from "./platform/db/embedded-postgres.js";
import { moveFromPglite, pgliteFolderToMove, readReceipt, retireOldFolder } from "./platform/db/pglite-move.js";
import { describeReport, reconcileAggregates } from "./features/scan/index.js";
import { migrateToLatest } from "./platform/db/migrate.js";
import type { DB } from "./platform/db/schema.js";
import { createReadRouting } from "./platform/db/read-routing.js";
import { createAuth } from "./features/sessions/index.js";
import { createSessionReader } from "./features/sessions/index.js";
import { startLiveEvents } from "./platform/live/live-events.js";
import { emailWithCooldown } from "./platform/mail/email-cooldown.js";
import { createMailer } from "./platform/mail/mailer.js";
import { isOfficialEmail } from "./features/users/index.js";
import { withMailLog } from "./platform/mail/mail-log.js";
import { createMetrics, withMailMetrics } from "./platform/metrics/metrics.js";
import { withRefusalLog } from "./platform/rate-limit/refusal-log.js";
import { createPublicReadCache } from "./http/public-read-cache.js";
import { actsAtSources, createActNumbering, groupMemberships, pendingScanPlace } from "./features/scan/index.js";
import { createGeocoder } from "./platform/geocoding/geocoding-service.js";
import { createTaskQueue } from "./platform/jobs/task-queue.js";
import { inBackground } from "./http/after-response.js";
import { FEATURES } from "./feature-list.js";
import { PERSONAL_DATA } from "./personal-data.js";
import { notificationKinds } from "./platform/notify/notification-kinds.js";
import { cardJourneyPort } from "./features/card-journeys/index.js";
import { flagImpossibleTravel } from "./features/anomalies/index.js";
import { sourceActs } from "./features/organizations/index.js";
import { chatModeration, galleryModeration } from "./features/community/index.js";
import { thanksModeration } from "./features/thanks/index.js";
import { teamBoardMemberships, teamModeration } from "./features/teams/index.js";
import type { ModeratedKinds } from "./features/moderation/index.js";
import type { CardJourneyPort } from "./features/scan/index.js";
import type { PersonalData } from "./platform/personal-data.js";
import { databaseRateLimiter, redisRateLimiter } from "./platform/rate-limit/rate-limiter.js";
import type { HttpDeps } from "./http/deps.js";
import type { SessionDeps } from "./features/sessions/index.js";
import type { NumberingDeps } from "./features/scan/index.js";
import type { NotifierDeps } from "./platform/notify/notifier.js";

/**
 * Everything route plugins, jobs and commands may be given, composed here
 * where features meet: the layers below features (HttpDeps) and the services
 * features provide each other. A route plugin names the parts it takes.
 */
export type AppDeps = HttpDeps &
  SessionDeps &
  NumberingDeps &
  NotifierDeps & {
    /** What the scan asks of card journeys (scan/card-journey-port.ts). */
    cardJourneys: CardJourneyPort;
    /** Each kind of content people report, on its owner's side (moderation/moderated-content.ts). */
    moderatedContent: ModeratedKinds;
    /** Every owner of a person's rows, in the features' order (personal-data.ts). */
    personalData: readonly PersonalData[];
  };

/**
 * The database of `config`: DATABASE_URL's server, or Kindly's own embedded
 * PostgreSQL in DATA_DIR/pg, started here (or taken over when a killed Kindly
 * left it running). Closing the database stops the embedded server when
 * `stopEmbedded` is "always" (the app owns it) or, for "if-started", only
 * when this call started it (a command run beside the app leaves it running).
 */
export async function databaseFor(
  config: Config,
  options: { log?: (line: string) => void; steps?: StartupSteps; stopEmbedded?: "always" | "if-started" } = {},
): Promise<Database> {
  const shared = { readUrl: config.DATABASE_READ_URL, schema: config.DATABASE_SCHEMA };
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL, driver: "postgres", ...shared });
  const clusterDir = path.join(config.DATA_DIR, "pg");
  const server = await startEmbeddedPostgres({ dataDir: clusterDir, log: options.log, step: options.steps?.step });
  const oldFolder = pgliteFolderToMove(config.DATA_DIR);
  if (oldFolder) {
    try {
      await moveFromPglite(oldFolder, server.url, clusterDir, options.log ?? (() => undefined));
    } catch (error) {
      if (server.startedHere) await server.stop();
      throw error;
    }
  }
  const owned = options.stopEmbedded === "always";
  // The app owns its server: started again by Kindly whenever it stops by itself (a kill, a full disk).
  let restarts = 0;
  if (owned) server.supervise({ onRestart: () => void restarts++ });
  return openDatabase({
    url: server.url,
    driver: "embedded",
    ...shared,
    onClose: owned || server.startedHere ? server.stop : undefined,
    embeddedRestarts: () => restarts,
  });
}

/**
 * The signing secret: AUTH_SECRET when set, otherwise one generated on the
 * first start and kept in the database, so every process shares it.
 */
async function authSecret(db: Kysely<DB>, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Processes starting together each offer one; the first stored wins for all.
  return keepFirstSetting(db, "auth_secret", randomBytes(32).toString("base64url"));
}

/** Migrates the database and wires every service the routes use. */
export async function createDeps(config: Config, database: Database, log: (line: string) => void): Promise<AppDeps> {
  const { db, driver, replica } = database;
  // The engine cannot import teams (they read its boards): it counts their boards from what they give here.
  groupMemberships.give([teamBoardMemberships]);
  // Nor can organizations import the engine (it reads their places): their lists count its acts from this.
  sourceActs.give([actsAtSources]);
  await migrateToLatest(db, database.schema);
  const metrics = createMetrics();
  const storage = await createFileStorage(config);
  metrics.watch({
    pool: database.poolStats,
    embeddedRestarts: database.embeddedRestarts,
    freeDisk: async () =>
      Object.fromEntries((await diskStatus(config.DATA_DIR, storage, uploadsFolder(config))).map((disk) => [disk.store, disk.freeBytes])),
  });
  database.observeQueries((milliseconds) => metrics.queryDuration.observe(milliseconds / 1000));
  const limiter = withRefusalLog(config.REDIS_URL ? await redisRateLimiter(config.REDIS_URL) : databaseRateLimiter(db), db);
  // The official account controls the platform: its reset links never reach the outbox a browser can read.
  const mailer = withMailMetrics(withMailLog(await createMailer(config, db, log, (address) => isOfficialEmail(db, address)), db), metrics);
  const sendAccountEmail = emailWithCooldown(mailer, limiter);
  const secret = await authSecret(db, config.AUTH_SECRET);
  const auth = createAuth({ config, db, secret, sendEmail: sendAccountEmail, describeClaim: (token) => pendingScanPlace(db, token) });
  const live = await startLiveEvents(database);
  const publicCache = createPublicReadCache(live, config.PUBLIC_CACHE_SECONDS * 1000);
  // Emptied at once after this process's batches; other processes' arrive as events.
  const numbering = createActNumbering(db, database.eventsChannel, {
    onNumbered: () => publicCache.clear(),
    onBatch: (size) => metrics.numberingBatchSize.observe(size),
    onLag: (seconds) => metrics.numberingLag.observe(seconds),
    // A portable card's act queued its travels notice: delivered at once by this process.
    onTasksQueued: () => tasks.kick(),
    // The engine cannot import anomalies (they read the acts): an impossible journey is flagged through this.
    onImpossibleTravel: (userId, at, travel) => flagImpossibleTravel(db, userId, at, travel),
  });
  const sessions = await createSessionReader(auth, db, database);
  const reads = createReadRouting(db, replica);
  const geocoder = createGeocoder({
    db,
    baseUrl: config.GEOCODING_URL,
    userAgent: `Kindly (${config.APP_URL}; ${config.SUPPORT_EMAIL})`,
    minIntervalMs: config.GEOCODING_MIN_INTERVAL_MS,
  });
  const resolver = createNameResolver(config.DNS_SERVERS);
  const allowed = parseAllowedRanges(config.OUTBOUND_ALLOW);
  const outbound = createOutboundClient({ resolver, allowed });
  const push = await createPushSender(db, {
    subject: `mailto:${config.SUPPORT_EMAIL}`,
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    outbound,
    mayPushTo: createPushEndpointPolicy({ services: config.PUSH_SERVICES, allowed }),
  });
  const signer = createLinkSigner(secret);
  const kinds = notificationKinds(FEATURES.flatMap((feature) => feature.notificationKinds ?? []));
  const notifier = createNotifier({ db, mailer, push, sealer: signer, appUrl: config.APP_URL, log, kinds });
  // Each feature names the tasks it queues and how each is done (asked once the deps are whole).
  const tasks = createTaskQueue({
    db,
    handlers: () => Object.assign({}, ...FEATURES.map((feature) => feature.tasks?.(deps) ?? {})),
    log,
    inBackground,
  });
  const deps: AppDeps = {
    cardJourneys: cardJourneyPort,
    moderatedContent: { message: chatModeration, post: galleryModeration, thanks: thanksModeration, team: teamModeration },
    personalData: PERSONAL_DATA,
    geocoder,
    resolver,
    outbound,
    push,
    notifier,
    tasks,
    config,
    db,
    reads,
    publicCache,
    driver,
    auth,
    sessions,
    mailer,
    sendAccountEmail,
    limiter,
    live,
    eventsChannel: database.eventsChannel,
    numbering,
    storage,
    signer,
    secretBox: createSecretBox(secret),
    metrics,
  };
  return deps;
}

/**
 * The second half of a move from PGlite (platform/db/pglite-move.ts), once the moved
 * database is migrated: `kindly verify` must find every aggregate in
 * agreement with the acts before the old folder is retired. Drift keeps the
 * old folder and says how to repair it.
 */
export async function finishPgliteMove(deps: AppDeps, log: (line: string) => void): Promise<void> {
  const receipt = readReceipt(path.join(deps.config.DATA_DIR, "pg"));
  if (!receipt || !existsSync(receipt.from)) return;
  const report = await reconcileAggregates(deps.db, { repair: false });
  if (report.drift.length === 0) {
    const kept = retireOldFolder(receipt.from);
    log(
      `Checked with kindly verify: every aggregate agrees. The old PGlite folder is kept at ${kept}; delete it when you no longer need it.`,
    );
    return;
  }
  for (const line of describeReport(report)) log(line);
  log(
    `The moved data has drift (above), so the old PGlite folder stays at ${receipt.from}. Repair with: npm run kindly -- verify --repair`,
  );
}

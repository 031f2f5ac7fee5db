import { backgroundSettled } from "./http/after-response.js";
import { buildApp } from "./app.js";
import { createDeps, databaseFor, finishPgliteMove } from "./bootstrap.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { ensureOfficialAccount, officialEmailToEnsure } from "./features/auth/index.js";
import { demoDataWanted, demoLinks, demoWorkplace, seedDemoData } from "./features/demo/index.js";
import { startHousekeeping } from "./housekeeping.js";
import { ensureWebBuild } from "./web-build.js";
import { startSummary } from "./start-summary.js";
import { boxed, createStartupSteps } from "../../scripts/startup-steps.mjs";
import { startAutomaticDraws } from "./features/contests/index.js";
import { startStreakReminders } from "./features/notifications/index.js";
import { startRenewalReminders } from "./features/workplace/index.js";
import { startTeamChallenges } from "./features/teams/index.js";
import { startTravelDigests } from "./features/card-journeys/index.js";
import { isDatabaseUnavailable } from "./platform/db/errors.js";

// Every line the start prints goes through its steps, so a step's open line ends before it.
const steps = createStartupSteps();
const print = steps.line;

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      // EX_CONFIG: `npm start`'s launcher does not restart a server that a setting stops (scripts/supervise.mjs).
      process.exit(78);
    }
    throw error;
  }
}

/**
 * Starts once the database answers: a server (re)started while PostgreSQL is
 * away (a restart, a failover) waits for it, saying so every 10 s, rather
 * than exiting and being restarted over and over by its launcher.
 */
async function whenDatabaseAnswers<T>(start: () => Promise<T>): Promise<T> {
  let said = 0;
  for (;;) {
    try {
      return await start();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      if (Date.now() - said > 10_000) {
        process.stderr.write(`Waiting for the database to answer (${error instanceof Error ? error.message : String(error)})…\n`);
        said = Date.now();
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** Set once a stop signal arrived; the shutdown then owns the end of the process. */
let stopping = false;
/** Once the database is open: what lets go of it (the embedded PostgreSQL stopped), for a start that fails later. */
let releaseAfterFailedStart: (() => Promise<void>) | null = null;

async function main(): Promise<void> {
  const config = readConfig();
  // `npm run dev` serves the web app from Vite instead.
  const serveWeb = config.KINDLY_API_ONLY !== "1";
  if (serveWeb) await ensureWebBuild(steps);

  const { database, deps } = await whenDatabaseAnswers(async () => {
    const database = await databaseFor(config, { log: print, steps, stopEmbedded: "always" });
    try {
      return { database, deps: await steps.step("Preparing the database", () => createDeps(config, database, print)) };
    } catch (error) {
      await database.close().catch(() => undefined);
      throw error;
    }
  });
  // Signals are handled from here on, before the server listens: a Ctrl-C or a
  // SIGTERM at any later moment of the start stops the embedded PostgreSQL too
  // (Node's default would end the process and leave it running).
  const stops: (() => void)[] = [];
  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  const release = async () => {
    for (const stop of stops) stop();
    await app?.close();
    await backgroundSettled();
    await deps.limiter.close();
    await deps.live.close();
    await deps.sessions.close();
    await database.close();
  };
  // A start that fails from here on (a port already taken) stops the embedded PostgreSQL before ending.
  releaseAfterFailedStart = release;
  const shutdown = async () => {
    await release();
    process.exit(0);
  };
  // Once: a Ctrl-C reaches both `npm start`'s launcher and this process, and the launcher passes it on too.
  const stopOnce = () => {
    if (stopping) return;
    stopping = true;
    void shutdown();
  };
  process.on("SIGINT", stopOnce);
  process.on("SIGTERM", stopOnce);

  await finishPgliteMove(deps, print);
  // Before the official account is created, so that "empty" means a first start.
  if (await demoDataWanted(deps.db, config, database.driver)) {
    await steps.step("Loading demo data", () => seedDemoData(deps.db, deps.storage));
  }
  const officialEmail = await officialEmailToEnsure(deps, config.OFFICIAL_ACCOUNT_EMAIL);
  const official = officialEmail ? await ensureOfficialAccount(deps, officialEmail) : null;

  app = await steps.step("Starting the web server", async () => {
    const started = await buildApp(deps, { serveWeb });
    // The frame printed next says where Kindly listens: Fastify's own "Server listening at" info line
    // would only cut this step's line (and be a JSON line amid the text when logs are JSON).
    const level = started.log.level;
    if (level === "info") started.log.level = "warn";
    try {
      await started.listen({ port: config.PORT, host: config.HOST });
    } finally {
      started.log.level = level;
    }
    return started;
  });

  // Last, in a frame: what a person starting Kindly needs, the one-time password included (printed here only, never logged).
  const summary = startSummary({
    config,
    database: database.driver,
    links: config.devOutbox ? await demoLinks(deps.db) : [],
    workplace: config.devOutbox ? await demoWorkplace(deps.db) : null,
    official: officialEmail && official?.password ? { email: officialEmail, password: official.password } : null,
  });
  print("");
  print(boxed(summary));
  print("");

  const stopHousekeeping = startHousekeeping({
    db: deps.db,
    mailer: deps.mailer,
    notifier: deps.notifier,
    appUrl: deps.config.APP_URL,
    storage: deps.storage,
    log: (line) => app.log.error(line),
  });
  const reminderMs = config.REMINDER_CHECK_SECONDS * 1000;
  const stopReminders = startStreakReminders({ db: deps.db, notifier: deps.notifier, log: (line) => app.log.error(line) }, reminderMs);
  // Holders of a certificate due for renewal hear it once, a month ahead.
  const stopRenewals = startRenewalReminders({ db: deps.db, notifier: deps.notifier, log: (line) => app.log.error(line) }, reminderMs);
  // Teams that reached their monthly challenge hear it once.
  const stopDigests = startTravelDigests({ db: deps.db, notifier: deps.notifier, log: (line) => app.log.error(line) }, reminderMs);
  const stopChallenges = startTeamChallenges({ db: deps.db, notifier: deps.notifier, log: (line) => app.log.error(line) }, reminderMs);
  // Contests draw themselves once their grace has passed.
  const stopDraws = startAutomaticDraws(
    {
      db: deps.db,
      mailer: deps.mailer,
      notifier: deps.notifier,
      appUrl: deps.config.APP_URL,
      graceMs: deps.config.CONTEST_DRAW_GRACE_SECONDS * 1000,
      log: (line) => app.log.error(line),
    },
    deps.config.CONTEST_AUTO_DRAW_SECONDS * 1000,
  );
  // Work writes queued for after their answers: due tries, and what a crashed process left.
  const stopTasks = deps.tasks.start(TASK_CHECK_MS);
  stops.push(stopHousekeeping, stopDraws, stopReminders, stopRenewals, stopChallenges, stopDigests, stopTasks);
}

/** How often each process looks for queued work due (a retry, a task another process left). */
const TASK_CHECK_MS = 2_000;

main().catch(async (error: unknown) => {
  // Stopped while starting: the shutdown under way ends the process once the database is stopped.
  if (stopping) return;
  process.stderr.write(`Kindly could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  // Ends with 1 whether or not letting go of the database succeeds.
  await releaseAfterFailedStart?.().catch(() => undefined);
  process.exit(1);
});

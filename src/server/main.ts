import { backgroundSettled } from "./http/after-response.js";
import { buildApp } from "./app.js";
import { createDeps, databaseFor, finishPgliteMove } from "./bootstrap.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { ensureOfficialAccount, officialEmailToEnsure } from "./features/auth/index.js";
import { demoDataWanted, demoLinks, demoWorkplace, seedDemoData } from "./features/demo/index.js";
import { tidyingJob } from "./housekeeping.js";
import { FEATURES } from "./feature-list.js";
import { startJob } from "./platform/jobs/repeating-job.js";
import { ensureWebBuild } from "./web-build.js";
import { startSummary } from "./start-summary.js";
import { boxed, createStartupSteps } from "../../scripts/startup-steps.mjs";
import { isDatabaseUnavailable } from "./platform/db/errors.js";
import { createShutdown } from "./shutdown.js";

// Every line the start prints goes through its steps, so a step's open line ends before it.
const steps = createStartupSteps();
const print = steps.line;

/**
 * Signals are handled from the first line (shutdown.ts): a Ctrl-C or a
 * SIGTERM at any moment of the start, the migrations included, closes what
 * the start has opened (the embedded PostgreSQL among them) instead of
 * Node's default, which ends the process and leaves PostgreSQL running.
 */
const SHUTDOWN_TIMEOUT_MS = 20_000;
const shutdown = createShutdown({ timeoutMs: SHUTDOWN_TIMEOUT_MS, log: (line) => process.stderr.write(`${line}\n`) });
shutdown.listen();

/** Thrown between the start's steps once a stop has begun: the shutdown closes what is open. */
class StartStopped extends Error {}
const unlessStopping = () => {
  if (shutdown.stopping) throw new StartStopped("stopped while starting");
};

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
    unlessStopping();
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
  // Closed last: what every other part uses. A start that fails from here on (a port already taken) closes them too.
  shutdown.add("the database", () => database.close());
  shutdown.add("the sessions' listener", () => deps.sessions.close());
  shutdown.add("live events", () => deps.live.close());
  shutdown.add("the rate limiter", () => deps.limiter.close());
  shutdown.add("work after answers", () => backgroundSettled());
  unlessStopping();

  await finishPgliteMove(deps, print);
  // Before the official account is created, so that "empty" means a first start.
  if (await demoDataWanted(deps.db, config, database.driver)) {
    await steps.step("Loading demo data", () => seedDemoData(deps.db, deps.storage));
  }
  const officialEmail = await officialEmailToEnsure(deps, config.OFFICIAL_ACCOUNT_EMAIL);
  const official = officialEmail ? await ensureOfficialAccount(deps, officialEmail) : null;

  unlessStopping();
  const app = await steps.step("Starting the web server", async () => {
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
  shutdown.add("the web server", () => app.close());
  unlessStopping();

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

  // The features' own repeating work (feature-list.ts), the tidying of what the platform keeps, and the queued tasks.
  const jobLog = (line: string) => app.log.error(line);
  const jobs = [tidyingJob(deps.db), ...FEATURES.flatMap((feature) => feature.jobs?.(deps) ?? [])];
  for (const job of jobs) shutdown.add(`the job "${job.name}"`, startJob(job, jobLog));
  // Work writes queued for after their answers: due tries, and what a crashed process left.
  shutdown.add("the task queue", deps.tasks.start(TASK_CHECK_MS));
}

/** How often each process looks for queued work due (a retry, a task another process left). */
const TASK_CHECK_MS = 2_000;

const started = main();
shutdown.starting(started);
started.catch(async (error: unknown) => {
  // Stopped while starting: the shutdown under way closes what was opened and ends the process.
  if (shutdown.stopping) return;
  process.stderr.write(`Kindly could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  // Closes what the start opened (the embedded PostgreSQL stopped), then ends with 1 whatever the closes say.
  await shutdown.stop("the start failed", 1);
});

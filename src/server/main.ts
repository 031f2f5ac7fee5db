import { backgroundSettled } from "./http/after-response.js";
import { buildApp } from "./app.js";
import { createDeps, databaseFor, finishPgliteMove } from "./bootstrap.js";
import { ConfigError, loadConfig, type Config } from "./config.js";
import { ensureOfficialAccount, officialEmailToEnsure } from "./features/auth/index.js";
import { demoLinks, demoWorkplace, seedDemoDataIfWanted } from "./features/demo/index.js";
import { startHousekeeping } from "./housekeeping.js";
import { ensureWebBuild } from "./web-build.js";
import { startAutomaticDraws } from "./features/contests/index.js";
import { startStreakReminders } from "./features/notifications/index.js";
import { startRenewalReminders } from "./features/workplace/index.js";
import { startTeamChallenges } from "./features/teams/index.js";
import { isDatabaseUnavailable } from "./platform/db/errors.js";

const print = (line: string) => process.stdout.write(`${line}\n`);

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

async function main(): Promise<void> {
  const config = readConfig();
  // `npm run dev` serves the web app from Vite instead.
  const serveWeb = config.KINDLY_API_ONLY !== "1";
  if (serveWeb) ensureWebBuild(print);

  const { database, deps } = await whenDatabaseAnswers(async () => {
    const database = await databaseFor(config, { log: print, stopEmbedded: "always" });
    try {
      return { database, deps: await createDeps(config, database, print) };
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
  const shutdown = async () => {
    for (const stop of stops) stop();
    await app?.close();
    await backgroundSettled();
    await deps.limiter.close();
    await deps.live.close();
    await deps.sessions.close();
    await database.close();
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
  const seeded = await seedDemoDataIfWanted(deps.db, deps.storage, config, database.driver);
  const officialEmail = await officialEmailToEnsure(deps, config.OFFICIAL_ACCOUNT_EMAIL);
  const official = officialEmail ? await ensureOfficialAccount(deps, officialEmail) : { created: false };

  app = await buildApp(deps, { serveWeb });
  await app.listen({ port: config.PORT, host: config.HOST });

  print("");
  print(`Kindly is running at ${config.APP_URL}`);
  print(`Database: ${database.driver === "embedded" ? `embedded PostgreSQL (${config.DATA_DIR}/pg)` : "PostgreSQL (DATABASE_URL)"}`);
  if (config.devOutbox) print(`Email: development outbox at ${config.APP_URL}/dev/mail`);
  const links = config.devOutbox ? await demoLinks(deps.db) : [];
  if (links.length > 0) {
    print(seeded ? "Demo data created. Scan links to try (sign in first):" : "Demo scan links (sign in first):");
    for (const link of links) {
      print(`  ${link.type.padEnd(8)} ${config.APP_URL}${link.path}`);
      if (link.near)
        print(
          `           (be within ${link.near.radiusMeters} m of ${link.near.lat}, ${link.near.lon}; a browser's location override works)`,
        );
    }
  }
  const workplace = config.devOutbox ? await demoWorkplace(deps.db) : null;
  if (workplace) {
    print(`  workplace code ${workplace.code} (${workplace.employer}) at ${config.APP_URL}/workplace-wellbeing`);
  }
  if (official.created && "password" in official) {
    print(`Official account created: ${officialEmail} / ${official.password}`);
    print("  (shown once; change it from the profile page)");
  }
  print("");

  const stopHousekeeping = startHousekeeping({
    db: deps.db,
    mailer: deps.mailer,
    notifier: deps.notifier,
    appUrl: deps.config.APP_URL,
    storage: deps.storage,
    log: (line) => app.log.error(line),
  });
  const stopReminders = startStreakReminders({ db: deps.db, notifier: deps.notifier, log: (line) => app.log.error(line) });
  // Holders of a certificate due for renewal hear it once, a month ahead.
  const stopRenewals = startRenewalReminders({ db: deps.db, notifier: deps.notifier, log: (line) => app.log.error(line) });
  // Teams that reached their monthly challenge hear it once.
  const stopChallenges = startTeamChallenges({ db: deps.db, notifier: deps.notifier, log: (line) => app.log.error(line) });
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
  stops.push(stopHousekeeping, stopDraws, stopReminders, stopRenewals, stopChallenges);
}

main().catch((error: unknown) => {
  // Stopped while starting: the shutdown under way ends the process once the database is stopped.
  if (stopping) return;
  process.stderr.write(`Kindly could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});

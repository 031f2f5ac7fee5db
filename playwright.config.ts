import { defineConfig } from "@playwright/test";
import { temporaryDataFolder } from "./src/server/test/data-folder.js";
import { E2E_DNS_PORT } from "./e2e/support/e2e-dns.js";
import { CHROMIUM_FLAGS } from "./e2e/support/chromium-flags.js";
import { READY_LINE } from "./e2e/support/e2e-servers-ready.mjs";

// E2E_PORT lets a second run go beside one already on the default port.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${PORT}`;
// A fresh embedded database per run; workers inherit the variable from the main process.
process.env.KINDLY_E2E_DATA ??= temporaryDataFolder("kindly-e2e-");
/*
 * The operator screens' visual baselines (e2e/operator-screens.spec.ts) run on a
 * server of their own: the admin panel shows the whole platform, so the journeys
 * beside them would change its lists and counts from run to run. This one holds
 * the demo data and nothing else.
 */
const SCREENS_PORT = PORT + 1;
const screensURL = `http://127.0.0.1:${SCREENS_PORT}`;
process.env.KINDLY_E2E_SCREENS_DATA ??= temporaryDataFolder("kindly-screens-");
const SCREENS_SPEC = /operator-screens\.spec\.ts/;
/*
 * The journeys that move the server's time (the test clock, docs/operations.md) run on a server of
 * their own, so that the journeys beside them keep today's date: `*.clock.spec.ts`.
 */
const CLOCK_PORT = PORT + 2;
const clockURL = `http://127.0.0.1:${CLOCK_PORT}`;
process.env.KINDLY_E2E_CLOCK_DATA ??= temporaryDataFolder("kindly-clock-");
const CLOCK_SPECS = /\.clock\.spec\.ts/;
/*
 * The journeys run in Debian's headless build of Chromium (chromium-headless-shell): a third less
 * CPU than the full browser run headless, the same engine and rendering (issue 59). That build
 * refuses notifications outright, where a phone never asked says "default": the journeys about a
 * device's notifications run in the full Chromium ("devices" project).
 */
const HEADLESS_CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const FULL_CHROMIUM = process.env.CHROMIUM_FULL_PATH ?? "/usr/bin/chromium";
const DEVICES_SPECS = /(notifications|profile-screens)\.spec\.ts/;

/** `npm start`'s server with the demo data, on its own port and embedded database: its environment. */
function server(port: number, url: string, dataDir: string | undefined, extra: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: url,
    DATA_DIR: dataDir ?? "",
    // The browser journeys run on the embedded default (what `npm start` gives).
    DATABASE_URL: "",
    RATE_LIMIT_SCALE: "50",
    // scrypt at 2^10, not 2^14: the journeys sign up hundreds of people (password-hashing.ts tests the cost itself).
    PASSWORD_HASH_COST: "10",
    // No provider answers here: the location dialog must say so and still take a pin.
    GEOCODING_URL: "http://127.0.0.1:9/",
    // The push service and identity provider the journeys run are on this machine, which Kindly reaches only when opened.
    OUTBOUND_ALLOW: "127.0.0.1",
    DNS_SERVERS: `127.0.0.1:${E2E_DNS_PORT}`,
    LOG_LEVEL: "warn",
    NODE_ENV: "development",
    ...extra,
  };
}

const LAUNCH = {
  // Debian's Chromium; `playwright install` is never used. A missing browser fails the run.
  executablePath: HEADLESS_CHROMIUM,
  args: CHROMIUM_FLAGS,
};

export default defineConfig({
  testDir: "e2e",
  // A journey with several accessibility passes takes ~30 s alone; beside another on CI's two cores, the
  // first of each worker (cold server, the service worker caching the app) came within seconds of 60.
  timeout: 90_000,
  expect: {
    timeout: 10_000,
    // Visual checks (e2e/*-snapshots) allow for anti-aliasing and a font hinting change, not for a moved block.
    toHaveScreenshot: { maxDiffPixelRatio: 0.01, threshold: 0.2, animations: "disabled", caret: "hide" },
  },
  /*
   * Each journey is handed out on its own, not a file's journeys in turn in one worker: the last files
   * alphabetically (workplace, you-said-we-did) ended the run with one worker busy for ~25 s of its
   * ~350 (issue 59). No journey depends on another's; employer-identity's two share a DNS server's port.
   */
  fullyParallel: true,
  /*
   * Three workers on CI's two cores: a journey's pages wait on the network and the server about a
   * seventh of the time, which a third browser fills (issue 59: 539 s → 439 s, the machine's idle
   * CPU 136 → 45 s).
   */
  workers: 3,
  retries: 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL,
    browserName: "chromium",
    /*
     * A trace records a screencast and DOM snapshots at every step of every journey, failed or not:
     * it took a third of the journeys' CPU (issue 59). E2E_TRACE=retain-on-failure records them again
     * where a failure needs more than its message, screenshot and page snapshot (error-context.md).
     */
    trace: (process.env.E2E_TRACE ?? "off") as "off",
    screenshot: "only-on-failure",
    /*
     * Kindly's service worker precaches the whole app (about 190 files, 2.9 MB) in every new browser
     * context, which no journey but the offline ones needs: those allow it (test.use). Motion is
     * reduced, so looping animations do not redraw sixty times a second behind every step; the
     * journeys about motion set it themselves.
     */
    serviceWorkers: "block",
    reducedMotion: "reduce",
    launchOptions: LAUNCH,
  },
  /*
   * Workers take the projects' files in this order: the operator screens' two baselines (about 50 s, one
   * after the other in one worker) first, so that they do not end the run alone (issue 59).
   */
  projects: [
    { name: "screens", testMatch: SCREENS_SPEC, use: { baseURL: screensURL } },
    { name: "devices", testMatch: DEVICES_SPECS, use: { launchOptions: { ...LAUNCH, executablePath: FULL_CHROMIUM } } },
    // Full Chromium too: the days played ask for notifications on the phone.
    { name: "clock", testMatch: CLOCK_SPECS, use: { baseURL: clockURL, launchOptions: { ...LAUNCH, executablePath: FULL_CHROMIUM } } },
    // The journeys: unnamed, so their screenshots keep their names.
    { testIgnore: [SCREENS_SPEC, DEVICES_SPECS, CLOCK_SPECS] },
  ],
  /*
   * Both servers start side by side in one process group (e2e-servers-start.mjs): Playwright would start
   * two entries one after the other. A clean stop, so each server stops its embedded PostgreSQL too (a
   * killed one would leave it running).
   */
  webServer: {
    command: "node e2e/support/e2e-servers-start.mjs",
    wait: { stdout: new RegExp(READY_LINE.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) },
    timeout: 180_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "pipe",
    env: {
      KINDLY_E2E_SERVERS: JSON.stringify([
        server(PORT, baseURL, process.env.KINDLY_E2E_DATA, {
          // A contest's draw may run as soon as it ends (the grace for late tickets is an API-tested rule).
          CONTEST_DRAW_GRACE_SECONDS: "0",
          // The admin journey draws with the official's button (the fallback); the automatic draw has its API test.
          CONTEST_AUTO_DRAW_SECONDS: "0",
          // The reminder jobs look every 2 s, not every minute: a journey waits for a reminder, not for the clock.
          REMINDER_CHECK_SECONDS: "2",
          // The translators' preview: e2e/pseudo-locale.spec.ts opens pages with ?lang=xa.
          PSEUDO_LOCALE: "1",
          // A test may move this server's time too (docs/operations.md); ours do it on the clock server.
          KINDLY_TEST_CLOCK: "1",
        }),
        server(CLOCK_PORT, clockURL, process.env.KINDLY_E2E_CLOCK_DATA, {
          CONTEST_AUTO_DRAW_SECONDS: "0",
          REMINDER_CHECK_SECONDS: "2",
          KINDLY_TEST_CLOCK: "1",
        }),
        // No low-disk warning on the baselines, whatever this machine's free space.
        server(SCREENS_PORT, screensURL, process.env.KINDLY_E2E_SCREENS_DATA, { DISK_WARNING_MB: "0" }),
      ]),
    },
  },
});

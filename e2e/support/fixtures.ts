import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { expect, test as base, type APIRequestContext, type Page } from "@playwright/test";
import { networkQuiet, trackRequests } from "./network-quiet.js";

let counter = 0;
export function newUser() {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1e4)}`;
  return { username: `e2e${tag}`, email: `e2e${tag}@example.test`, password: "kindness all around", country: "CA" };
}
export type NewUser = ReturnType<typeof newUser>;

/**
 * The newest link in the development outbox to `to` whose path starts with
 * `path`, as a person reaches it: a short link (/l/<id>) is followed to the
 * address it leads to.
 */
export async function linkFromOutbox(request: APIRequestContext, to: string, path: string): Promise<string> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { messages } = (await (await request.get("/api/dev/mail")).json()) as { messages: { to: string; text: string }[] };
    for (const message of messages.filter((m) => m.to === to.toLowerCase())) {
      for (const [written] of message.text.matchAll(/https?:\/\/\S+/g)) {
        let reached = new URL(written);
        if (reached.pathname.startsWith("/l/")) {
          const hop = await request.get(reached.pathname, { maxRedirects: 0 });
          reached = new URL(hop.headers()["location"] ?? "/", reached);
        }
        if (`${reached.pathname}${reached.search}`.startsWith(path)) return reached.pathname + reached.search;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no email to ${to} with a ${path} link`);
}

/** An account created and confirmed through the API, for journeys that start signed out. */
export async function confirmedUser(request: APIRequestContext, language: "en" | "fr" = "en"): Promise<NewUser> {
  const user = newUser();
  expect((await request.post("/api/auth/sign-up", { data: user, headers: { "x-kindly-language": language } })).status()).toBe(201);
  const link = new URL(await linkFromOutbox(request, user.email, "/auth/confirm"), "http://x");
  expect((await request.post("/api/auth/confirm-email", { data: { token: link.searchParams.get("token") } })).status()).toBe(200);
  // The confirmation signed this API context in: journeys sign in where they need to, with no extra device about.
  expect((await request.post("/api/auth/sign-out")).status()).toBe(200);
  return user;
}

/** The scan page's address a printed code's short link (/c/…) leads to, with the code's fields as query parameters. */
export async function scanPageOf(request: APIRequestContext, shortLink: string): Promise<URL> {
  const response = await request.get(new URL(shortLink).pathname, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  return new URL(response.headers()["location"]!, shortLink);
}

/*
 * axe-core itself, run in the page. @axe-core/playwright injected its 580 kB
 * twice per check and finished each run in a new blank page: about 2 s per
 * check on CI's two cores, 287 checks, the largest part of the journeys'
 * time (issue 59). Kindly's pages hold no frames, so one axe.run in the page
 * checks all of it; axe is injected once per document.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** What one axe run found, and whether the page changed while it ran (a request's answer drawn, a control enabled). */
interface AxeRun {
  violations: AxeResults["violations"];
  pageChanged: boolean;
}

async function axeRun(page: Page): Promise<AxeRun> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const { axe } = window as unknown as { axe: typeof import("axe-core") & { _audit?: AxeAudit } };
    interface AxeAudit {
      rules: { id: string; impact?: string; any: CheckRef[]; all: CheckRef[]; none: CheckRef[] }[];
      data?: { checks?: Record<string, { impact?: string }> };
    }
    type CheckRef = string | { id: string };
    /*
     * Only serious and critical violations fail a journey: the rules whose every check is at most
     * "moderate" (landmarks, heading order, region…) cannot, and are not run — about a third of axe's
     * time. Read from axe's own metadata at each run, so a rule a later axe makes serious is run again;
     * without that metadata every rule runs.
     */
    const rank: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
    const audit = axe._audit;
    const impactOf = (check: CheckRef) => rank[audit?.data?.checks?.[typeof check === "string" ? check : check.id]?.impact ?? ""] ?? 4;
    const mild = (audit?.rules ?? []).filter(
      (rule) => Math.max(rank[rule.impact ?? ""] ?? 0, ...[...rule.any, ...rule.all, ...rule.none].map(impactOf)) < 3,
    );
    // A finite transition under way is a change too: one that began between the settling and this
    // run (a late answer enabling a button, its colour fading in) fires no event here any more.
    const moving = () =>
      document
        .getAnimations()
        .some((animation) => animation.playState === "running" && animation.effect?.getComputedTiming().iterations !== Infinity);
    let changed = moving();
    const observer = new MutationObserver(() => (changed = true));
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    const transition = () => (changed = true);
    document.addEventListener("transitionrun", transition, true);
    try {
      const results = await axe.run(
        // Toasts come and go with a fade: axe would measure their contrast half-transparent, mid-transition.
        { exclude: ["[data-sonner-toaster]"] },
        // Only the violations are read: axe skips gathering what passed.
        { resultTypes: ["violations"], rules: Object.fromEntries(mild.map((rule) => [rule.id, { enabled: false }])) },
      );
      return { violations: results.violations, pageChanged: changed || moving() };
    } finally {
      observer.disconnect();
      document.removeEventListener("transitionrun", transition, true);
    }
  });
}

/** The page settled: its requests answered, and every finite animation and transition ended. */
async function settled(page: Page, options: { requestHeld?: boolean }): Promise<void> {
  if (!options.requestHeld) await networkQuiet(page);
  // A control caught mid-transition (a button's hover or press colour fading after a click) would be
  // measured half-way: let every finite animation and transition end first (looping ones, such as a
  // loading pulse, never do; toasts are left out of the check).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      // Never more than this: a long animation still gets measured rather than hang the test.
      new Promise((resolve) => setTimeout(resolve, 3_000)),
    ]),
  );
}

/**
 * No serious or critical accessibility violation on the page once its requests have settled.
 * `requestHeld`: the journey holds one of the page's requests open on purpose (the network never goes idle);
 * it has already waited for what the page shows meanwhile.
 *
 * A violation counts when the page held still while axe found it: one found while the page changed
 * under axe (a late answer enabling a button whose colour then fades in, seen once on a busy machine)
 * is looked for again once the page has settled, up to three times.
 */
export async function expectAccessible(page: Page, options: { requestHeld?: boolean } = {}): Promise<void> {
  let severe: AxeResults["violations"] = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    await settled(page, options);
    const run = await axeRun(page);
    severe = run.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    if (severe.length === 0 || !run.pageChanged) break;
  }
  expect(severe.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The page's console errors and warnings, uncaught errors and failed requests, each with its time since the journey began. */
function recordBrowserLog(page: Page): string[] {
  const started = Date.now();
  const lines: string[] = [];
  const add = (line: string) => lines.push(`${((Date.now() - started) / 1000).toFixed(1)} s  ${line}`);
  page.on("console", (message) => {
    if (message.type() === "error" || message.type() === "warning") add(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => add(`uncaught: ${error.stack ?? error.message}`));
  page.on("requestfailed", (request) => add(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText})`));
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) add(`navigated: ${frame.url()}`);
  });
  return lines;
}

export const test = base.extend<{ page: Page }>({
  context: async ({ context }, use) => {
    // Its requests counted from the start, for networkQuiet.
    trackRequests(context);
    await use(context);
  },
  page: async ({ page }, use, testInfo) => {
    // English unless a test switches: the stored choice wins over the browser language.
    await page.addInitScript(() => {
      if (!localStorage.getItem("kindly.language")) localStorage.setItem("kindly.language", "en");
    });
    const browserLog = recordBrowserLog(page);
    await use(page);
    // A failed journey says what the page itself said (errors, refused requests), not only what the test saw;
    // the list reporter prints the attachment with the failure, in CI's output.
    if (testInfo.status !== testInfo.expectedStatus && browserLog.length > 0) {
      await testInfo.attach("browser-log", { body: browserLog.join("\n"), contentType: "text/plain" });
    }
  },
});
export { expect };

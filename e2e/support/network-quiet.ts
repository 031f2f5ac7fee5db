import type { BrowserContext, Page, Request } from "@playwright/test";

/*
 * "The page has loaded what it needs", without Playwright's networkidle: that
 * one waits for 500 ms with no request after the last, on every page a
 * journey reads (about 0.8 s a page, half of the page walks' time, issue 59).
 * Here the requests of a context are counted as they start and end; the page
 * is quiet once none is in flight and its main thread has since been idle
 * (React has drawn what the last answer brought, and any request that drawing
 * starts has started). A live event stream never ends and is not counted, as
 * networkidle leaves it out too.
 */

interface Traffic {
  inflight: Set<Request>;
  /** Requests each page started since the context was tracked: one that starts and ends between two looks still shows. */
  started: WeakMap<Page, number>;
  changed: Set<() => void>;
}

/** The page a request is for (a service worker's belongs to none). */
function pageOf(request: Request): Page | null {
  try {
    return request.frame().page();
  } catch {
    return null;
  }
}

const traffic = new WeakMap<BrowserContext, Traffic>();

/** Counts `context`'s requests from now on, for `networkQuiet`; a context not tracked waits for networkidle instead. */
export function trackRequests(context: BrowserContext): void {
  if (traffic.has(context)) return;
  const state: Traffic = { inflight: new Set(), started: new WeakMap(), changed: new Set() };
  traffic.set(context, state);
  const notify = () => {
    for (const listener of [...state.changed]) listener();
  };
  context.on("request", (request) => {
    if (request.resourceType() === "eventsource") return;
    state.inflight.add(request);
    const page = pageOf(request);
    if (page) state.started.set(page, (state.started.get(page) ?? 0) + 1);
    notify();
  });
  const ended = (request: Request) => {
    if (state.inflight.delete(request)) notify();
  };
  context.on("requestfinished", ended);
  context.on("requestfailed", ended);
}

const inFlightFor = (state: Traffic, page: Page) => [...state.inflight].filter((request) => pageOf(request) === page);

/** Resolves when `state` has no request in flight of `page`'s, or rejects after `ms`. */
function noneInFlight(state: Traffic, page: Page, ms: number): Promise<void> {
  const idle = () => inFlightFor(state, page).length === 0;
  if (idle()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      state.changed.delete(check);
      const urls = inFlightFor(state, page).map((request) => request.url());
      reject(new Error(`requests still in flight after ${ms} ms: ${urls.join(", ")}`));
    }, ms);
    const check = () => {
      if (!idle()) return;
      clearTimeout(timer);
      state.changed.delete(check);
      resolve();
    };
    state.changed.add(check);
  });
}

/**
 * Waits until `page` has no request in flight and its main thread has been
 * idle since the last one ended; rejects after `timeout` ms (a page that polls
 * may never be quiet: the caller says whether that is a failure).
 */
export async function networkQuiet(page: Page, timeout = 30_000): Promise<void> {
  const state = traffic.get(page.context());
  if (!state) {
    await page.waitForLoadState("networkidle", { timeout });
    return;
  }
  const deadline = Date.now() + timeout;
  for (;;) {
    await noneInFlight(state, page, Math.max(0, deadline - Date.now()));
    const startedBefore = state.started.get(page) ?? 0;
    // The main thread idle once, then a frame drawn: what the last answer started (a render, a lazy
    // part's import, the next query) has run. The request events reach this process a little after
    // the page starts a request: a short wait lets one started just now show before looking again.
    const settled = await page
      .evaluate(
        () =>
          new Promise<boolean>((resolve) =>
            requestIdleCallback(() => requestAnimationFrame(() => setTimeout(() => resolve(true), 50)), { timeout: 2_000 }),
          ),
      )
      // The page moved on to another document meanwhile (a redirect): look again at the new one.
      .catch(() => false);
    if (settled && (state.started.get(page) ?? 0) === startedBefore && inFlightFor(state, page).length === 0) return;
    if (Date.now() > deadline) throw new Error(`the page never went quiet in ${timeout} ms`);
  }
}

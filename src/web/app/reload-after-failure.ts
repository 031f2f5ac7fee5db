/*
 * A file of the app that did not arrive (a connection dropped mid-download, a
 * server restarting, a new version replacing the old files) leaves the page
 * unable to start or to open one of its parts. Loading the page again almost
 * always fixes it, so Kindly does that itself, once: the time of the last
 * reload is kept for the tab, and a file that keeps failing shows the
 * failure screen (with its own "Refresh page") instead of reloading in a loop.
 */
const KEY = "kindly:reloaded-after-failure";
/** Two reloads closer than this mean reloading does not help. */
const AT_MOST_EVERY_MS = 60_000;

/** The error a browser gives for a module (a part of the app) it could not fetch: Chromium, Firefox, Safari. */
export function isFileLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** Reloads the page unless it did so less than a minute ago; says whether it reloads. */
export function reloadAfterFailure(): boolean {
  try {
    const last = Number(sessionStorage.getItem(KEY) ?? 0);
    if (Date.now() - last < AT_MOST_EVERY_MS) return false;
    sessionStorage.setItem(KEY, String(Date.now()));
  } catch {
    // Storage refused (a private window's quota): without a guard against a loop, no automatic reload.
    return false;
  }
  window.location.reload();
  return true;
}

/**
 * The service worker (built by vite-plugin-pwa, see vite.config.ts) is
 * registered once the page has loaded, off the first paint's path, in
 * production builds only. A new version is picked up by the next page load
 * (pages come from the network; the worker replaces itself at once), and that
 * load says so once with a toast.
 */
const BUILD_KEY = "kindly.build";

export function registerServiceWorker(onUpdated: () => void): void {
  if (import.meta.env.DEV || !("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register("/sw.js").catch(() => undefined);
  if (document.readyState === "complete") register();
  else window.addEventListener("load", register, { once: true });

  // This module's own address carries the build's hash: a different one than
  // last time means this load brought a new version.
  const build = import.meta.url;
  try {
    const previous = localStorage.getItem(BUILD_KEY);
    localStorage.setItem(BUILD_KEY, build);
    if (previous && previous !== build) onUpdated();
  } catch {
    // Storage refused (private mode): nothing to compare with.
  }
}

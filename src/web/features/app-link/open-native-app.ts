import type { PublicConfig } from "../../../shared/schemas/system.js";
import type { Device } from "./device.js";

export type NativeApp = NonNullable<PublicConfig["nativeApp"]>;

/** How long a page waits for the app to take over before offering other ways (docs/spec/organisation.md, App-handoff pages). */
export const OPEN_APP_TIMEOUT_MS = 2000;

/**
 * The address that opens the native app on this code: Android's intent link
 * (which falls back to the store by itself), the custom scheme on iOS; null
 * where there is no app to try.
 */
export function nativeAppUrl(app: NativeApp | null, device: Device, query: string, webUrl: string): string | null {
  if (!app?.scheme || device === "desktop") return null;
  if (device === "android") {
    const fallback = encodeURIComponent(app.playStoreUrl ?? webUrl);
    return `intent://scan-qr?${query}#Intent;scheme=${app.scheme};${app.androidPackage ? `package=${app.androidPackage};` : ""}S.browser_fallback_url=${fallback};end`;
  }
  return `${app.scheme}://scan-qr?${query}`;
}

/**
 * Tries the app; if this page is still in front after the timeout, the app
 * did not open and `onFailed` runs (the page then offers the other ways).
 * Returns a function that cancels the wait.
 */
export function tryOpenApp(url: string, onFailed: () => void, timeoutMs = OPEN_APP_TIMEOUT_MS): () => void {
  const timer = setTimeout(() => {
    cancel();
    onFailed();
  }, timeoutMs);
  // The app took over when this page went to the background.
  const onHidden = () => {
    if (document.visibilityState === "hidden") cancel();
  };
  function cancel() {
    clearTimeout(timer);
    document.removeEventListener("visibilitychange", onHidden);
  }
  document.addEventListener("visibilitychange", onHidden);
  window.location.href = url;
  return cancel;
}

import { useSyncExternalStore } from "react";

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

const OFFERED_KEY = "kindly.installOffered";
let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

const alreadyOffered = () => {
  try {
    return localStorage.getItem(OFFERED_KEY) === "1";
  } catch {
    return false;
  }
};

/**
 * Keeps the browser's install prompt for later instead of letting it pop up:
 * Kindly offers it once, from the More panel (and the app-link page), when
 * the person asks. Called at start-up, before the browser fires the event.
 */
export function captureInstallPrompt(): void {
  window.addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener("appinstalled", () => {
    deferred = null;
    notify();
  });
}

/** Shows the browser's install dialog; whatever the answer, it is not offered again. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const event = deferred;
  if (!event) return "unavailable";
  deferred = null;
  try {
    localStorage.setItem(OFFERED_KEY, "1");
  } catch {
    // Without storage it may be offered again next visit; no harm.
  }
  notify();
  await event.prompt();
  return (await event.userChoice).outcome;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether the install prompt can be offered now (the browser allows it and it was not offered before). */
export function useCanInstall(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => deferred !== null && !alreadyOffered(),
    () => false,
  );
}

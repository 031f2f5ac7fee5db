import { startTransition } from "react";
import type { i18n as I18n } from "i18next";
import { captureInstallPrompt } from "./lib/install-prompt.js";
import { reloadAfterFailure } from "./app/reload-after-failure.js";
import { showStartFailure } from "./app/start-failure.js";
import "./styles.css";

const container = document.getElementById("root")!;
// Public pages arrive prerendered (scripts/prerender.ts): React adopts that
// markup instead of painting the page a second time.
const prerendered = container.hasChildNodes();

/**
 * Lets the browser paint and answer a tap before the next step. On a phone,
 * evaluating all of the first page's code at once is one task of a few hundred
 * milliseconds; in steps, none is long. Every step's file is already on its
 * way (boot.js, or Vite's preloads, asked for them together), so the steps
 * cost no extra round trip.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

captureInstallPrompt();

let i18n: I18n | null = null;
let messagesReady: Promise<void> = Promise.resolve();
async function start(): Promise<void> {
  const messages = await import("./lib/i18n.js");
  i18n = messages.i18n;
  messagesReady = messages.initI18n();
  await nextTask();
  const { createRoot, hydrateRoot } = await import("react-dom/client");
  await nextTask();
  const { app, afterStart, preloadPrerenderedPage } = await import("./app/app.js");
  await Promise.all([messagesReady, prerendered ? preloadPrerenderedPage(window.location.pathname) : null]);
  await nextTask();
  // As a transition, React adopts the page in slices of a few milliseconds
  // and lets the browser answer in between (one long task otherwise).
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
  afterStart();
}

start().catch(async (error: unknown) => {
  console.error("Kindly failed to start", error);
  // Most often a file that did not arrive: the page loaded again gets it.
  if (reloadAfterFailure()) return;
  // In the person's language when the messages still arrive (a few seconds at most).
  const giveUp = new Promise((resolve) => setTimeout(resolve, 3000));
  await Promise.race([messagesReady.catch(() => undefined), giveUp]);
  showStartFailure(container, i18n);
});

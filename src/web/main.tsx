import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { ErrorBoundary } from "./app/error-screens.js";
import { Providers } from "./app/providers.js";
import { AppRouter, preloadPrerenderedPage } from "./app/router.js";
import { toast } from "sonner";
import { i18n, initI18n } from "./lib/i18n.js";
import { captureInstallPrompt } from "./lib/install-prompt.js";
import { registerServiceWorker } from "./lib/service-worker.js";
import "./styles.css";

const container = document.getElementById("root")!;
// Public pages arrive prerendered (scripts/prerender.ts): React adopts that
// markup instead of painting the page a second time.
const prerendered = container.hasChildNodes();

/**
 * Shown when the app cannot start at all. The message files may be what
 * failed to load, so this one screen falls back to a bilingual line.
 */
function AppFailedToLoad() {
  const ready = i18n.isInitialized && i18n.hasResourceBundle(i18n.language, "translation");
  const title = ready ? i18n.t("appFailed.title") : "App failed to load / L'application n'a pas pu se charger";
  const body = ready ? i18n.t("appFailed.body") : "";
  return (
    <main role="alert" style={{ maxWidth: 420, margin: "4rem auto", padding: "0 1rem", textAlign: "center", fontFamily: "system-ui" }}>
      <h1 style={{ fontSize: 24, fontWeight: 700 }}>{title}</h1>
      {body && <p>{body}</p>}
      <p style={{ display: "flex", gap: 12, justifyContent: "center", marginTop: 24 }}>
        <button type="button" onClick={() => window.location.reload()} style={{ minHeight: 44, padding: "0 16px" }}>
          {ready ? i18n.t("common.refreshPage") : "Refresh page / Actualiser"}
        </button>
        <a href="/" style={{ minHeight: 44, display: "inline-flex", alignItems: "center" }}>
          {ready ? i18n.t("common.goHome") : "Go home / Accueil"}
        </a>
      </p>
    </main>
  );
}

const app = (
  <StrictMode>
    <ErrorBoundary>
      <Providers>
        <AppRouter />
      </Providers>
    </ErrorBoundary>
  </StrictMode>
);

captureInstallPrompt();

Promise.all([initI18n(), prerendered ? preloadPrerenderedPage(window.location.pathname) : null])
  .then(() => {
    // As a transition, React adopts the page in slices of a few milliseconds
    // and lets the browser answer in between (one long task otherwise).
    if (prerendered) startTransition(() => void hydrateRoot(container, app));
    else createRoot(container).render(app);
    registerServiceWorker(() => toast.success(i18n.t("pwa.updated")));
  })
  .catch((error: unknown) => {
    console.error("Kindly failed to start", error);
    container.replaceChildren();
    createRoot(container).render(<AppFailedToLoad />);
  });

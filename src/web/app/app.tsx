import { StrictMode } from "react";
import { toast } from "sonner";
import { i18n } from "../lib/i18n.js";
import { registerServiceWorker } from "../lib/service-worker.js";
import { ErrorBoundary } from "./error-screens.js";
import { Providers } from "./providers.js";
import { AppRouter } from "./router.js";

export { preloadPrerenderedPage } from "./router.js";

/** The whole app, as the browser runs it (the build's prerender wraps AppRoutes itself). */
export const app = (
  <StrictMode>
    <ErrorBoundary>
      <Providers>
        <AppRouter />
      </Providers>
    </ErrorBoundary>
  </StrictMode>
);

/** Once the app runs: the installable app's worker, and a word when this load brought a new version. */
export function afterStart(): void {
  registerServiceWorker(() => toast.success(i18n.t("pwa.updated")));
}

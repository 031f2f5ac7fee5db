// The build's prerender (server-side bundle, never shipped to browsers): the
// public pages rendered to HTML in both languages, so a phone paints them
// before the JavaScript arrives. The app then renders over them.
import { PassThrough } from "node:stream";
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { Language } from "../shared/constants.js";
import { documentTitle } from "./app/document-title.js";
import { ErrorBoundary } from "./app/error-screens.js";
import { Providers } from "./app/providers.js";
import { AppRoutes } from "./app/router.js";
import { i18n, initI18nWith } from "./lib/i18n.js";

/** The pages prerendered, by the name of their file. */
export const PRERENDERED_PAGES = { index: "/", auth: "/auth", leaderboards: "/leaderboards" } as const;

/** The document title of `path` in `language` (renderPage first: it loads the messages). */
export function pageTitle(path: string, language: Language): string {
  return documentTitle(path, i18n.getFixedT(language));
}

/** The HTML of `path` in `language`, as a visitor's first render shows it (no data yet, no session). */
export async function renderPage(path: string, language: string, messages: Record<string, object>): Promise<string> {
  if (!i18n.isInitialized) await initI18nWith(language, messages);
  await i18n.changeLanguage(language);
  // Queries never run here: every figure shows its loading state, as in the browser's first render.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const { prelude } = await prerenderToNodeStream(
    // The same tree as main.tsx, so the browser can hydrate it instead of painting it again.
    <StrictMode>
      <ErrorBoundary>
        <Providers client={queryClient}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </Providers>
      </ErrorBoundary>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    prelude
      .pipe(new PassThrough())
      .on("data", (chunk: Buffer) => chunks.push(chunk))
      .on("end", resolve)
      .on("error", reject);
  });
  return Buffer.concat(chunks).toString("utf8");
}

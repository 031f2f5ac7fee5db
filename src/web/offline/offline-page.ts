import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from "../../shared/i18n/languages.js";
import { translate } from "../../shared/i18n/translate.js";
import { escapeHtml } from "../../shared/escape-html.js";

/*
 * The page the service worker shows when a page is opened without a
 * connection (vite.config.ts's offlinePage plugin writes it as offline.html at
 * build time). It is written from the message files, one block per language
 * of the registry, so a language added there is on this page too; the
 * browser shows the block of the language the app uses on this device
 * (public/offline.js, which names no language itself).
 */

function block(language: Language): string {
  const t = (key: string) => escapeHtml(translate(language, key));
  const hidden = language === DEFAULT_LANGUAGE ? "" : " hidden";
  return `      <div lang="${language}" data-lang="${language}" data-title="${t("offlinePage.title")}"${hidden}>
        <h1>${t("offlinePage.heading")}</h1>
        <p>${t("offlinePage.body")}</p>
        <section class="card">
          <h2>${t("offlinePage.worksTitle")}</h2>
          <ul>
            <li>${t("offlinePage.works1")}</li>
            <li>${t("offlinePage.works2")}</li>
            <li>${t("offlinePage.works3")}</li>
          </ul>
        </section>
        <section class="card">
          <h2>${t("offlinePage.needsTitle")}</h2>
          <ul>
            <li>${t("offlinePage.needs1")}</li>
            <li>${t("offlinePage.needs2")}</li>
          </ul>
        </section>
        <button type="button" data-retry>${t("offlinePage.retry")}</button>
      </div>`;
}

/** offline.html, every language in it; the default language's block shows until offline.js chooses. */
export function offlinePageHtml(): string {
  return `<!doctype html>
<html lang="${DEFAULT_LANGUAGE}" data-languages="${LANGUAGES.join(" ")}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <meta name="theme-color" content="#e11d48" />
    <link rel="icon" href="/icon.svg" type="image/svg+xml" />
    <title>${escapeHtml(translate(DEFAULT_LANGUAGE, "offlinePage.title"))}</title>
    <style>
      body {
        margin: 0;
        font-family:
          system-ui,
          -apple-system,
          "Segoe UI",
          Roboto,
          sans-serif;
        background: #fff1f2;
        color: #0f172a;
        line-height: 1.5;
      }
      main {
        max-width: 30rem;
        margin: 0 auto;
        padding: 2.5rem 1rem;
      }
      .card {
        background: #fff;
        border: 1px solid #ffe4e6;
        border-radius: 1rem;
        padding: 1.25rem;
        margin-top: 1rem;
      }
      h1 {
        font-size: 1.6rem;
        margin: 1rem 0 0.5rem;
      }
      h2 {
        font-size: 1.1rem;
        margin: 0 0 0.5rem;
      }
      ul {
        margin: 0;
        padding-left: 1.25rem;
      }
      button {
        min-height: 44px;
        padding: 0 1.25rem;
        border: 0;
        border-radius: 0.5rem;
        background: #be123c;
        color: #fff;
        font-size: 1rem;
        font-weight: 600;
        cursor: pointer;
        margin-top: 1.25rem;
      }
      button:focus-visible {
        outline: 3px solid #0f172a;
        outline-offset: 2px;
      }
      [hidden] {
        display: none;
      }
    </style>
  </head>
  <body>
    <main>
      <img src="/icon.svg" width="56" height="56" alt="" />
${LANGUAGES.map(block).join("\n")}
    </main>
    <script src="/offline.js"></script>
  </body>
</html>
`;
}

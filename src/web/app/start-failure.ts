import type { i18n as I18n } from "i18next";

/**
 * Shown when the app cannot start at all (a file that did not arrive, most
 * often). Plain DOM: React itself may be what failed to load. The message
 * files may have failed too, so the screen falls back to a bilingual line.
 */
export function showStartFailure(container: HTMLElement, i18n: I18n | null): void {
  const ready = !!i18n?.isInitialized && i18n.hasResourceBundle(i18n.language, "translation");
  const say = (key: "appFailed.title" | "appFailed.body" | "common.refreshPage" | "common.goHome", fallback: string) =>
    ready ? i18n!.t(key) : fallback;
  const element = <K extends keyof HTMLElementTagNameMap>(tag: K, style: string, text = "") => {
    const node = document.createElement(tag);
    node.setAttribute("style", style);
    node.textContent = text;
    return node;
  };
  const main = element("main", "max-width:420px;margin:4rem auto;padding:0 1rem;text-align:center;font-family:system-ui");
  main.setAttribute("role", "alert");
  main.append(
    element("h1", "font-size:24px;font-weight:700", say("appFailed.title", "App failed to load / L'application n'a pas pu se charger")),
  );
  const body = say("appFailed.body", "");
  if (body) main.append(element("p", "", body));
  const actions = element("p", "display:flex;gap:12px;justify-content:center;margin-top:24px");
  const refresh = element("button", "min-height:44px;padding:0 16px", say("common.refreshPage", "Refresh page / Actualiser"));
  refresh.setAttribute("type", "button");
  refresh.addEventListener("click", () => window.location.reload());
  const home = element("a", "min-height:44px;display:inline-flex;align-items:center", say("common.goHome", "Go home / Accueil"));
  home.setAttribute("href", "/");
  actions.append(refresh, home);
  main.append(actions);
  container.replaceChildren(main);
}

// Starts the app on a prerendered page once that page has painted (see
// scripts/prerender.ts): the phone shows the page first, then fetches the
// JavaScript that makes it live, every file at once (data-preload), so the
// app's start in steps (src/web/main.tsx) waits for no file in turn. Asking
// for a file costs the phone's main thread a little, so a few per task.
// A hidden tab starts at once.
(() => {
  const script = document.currentScript;
  const entry = script?.getAttribute("data-entry");
  if (!entry) return;
  const preloads = (script.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  const PER_TASK = 4;
  const preload = (href) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.crossOrigin = "";
    link.href = href;
    document.head.appendChild(link);
  };
  // The app's first file (or one it imports) did not arrive: the page loads
  // again, at most once a minute (src/web/app/reload-after-failure.ts keeps
  // the same record, under the same key, for the files that come later).
  const reloadAfterFailure = () => {
    try {
      const key = "kindly:reloaded-after-failure";
      if (Date.now() - Number(window.sessionStorage.getItem(key) || 0) < 60000) return;
      window.sessionStorage.setItem(key, String(Date.now()));
      window.location.reload();
    } catch {
      // No storage to guard against a loop: no automatic reload.
    }
  };
  const start = () => {
    const main = document.createElement("script");
    main.type = "module";
    main.crossOrigin = "";
    main.src = entry;
    main.addEventListener("error", reloadAfterFailure, { once: true });
    document.body.appendChild(main);
  };
  const next = (from) => {
    preloads.slice(from, from + PER_TASK).forEach(preload);
    if (from + PER_TASK < preloads.length) setTimeout(() => next(from + PER_TASK), 0);
    else setTimeout(start, 0);
  };
  const afterPaint = () => {
    if (document.visibilityState === "hidden") {
      preloads.forEach(preload);
      start();
    } else requestAnimationFrame(() => setTimeout(() => next(0), 0));
  };
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
})();

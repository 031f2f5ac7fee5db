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
  const start = () => {
    const main = document.createElement("script");
    main.type = "module";
    main.crossOrigin = "";
    main.src = entry;
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

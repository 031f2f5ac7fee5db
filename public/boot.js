// Starts the app on a prerendered page once that page has painted (see
// scripts/prerender.ts): the phone shows the page first, then fetches the
// JavaScript that makes it live. A hidden tab starts at once.
(() => {
  const entry = document.currentScript?.getAttribute("data-entry");
  if (!entry) return;
  const start = () => {
    const script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.body.appendChild(script);
  };
  const afterPaint = () => {
    if (document.visibilityState === "hidden") start();
    else requestAnimationFrame(() => setTimeout(start, 0));
  };
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint, { once: true });
})();

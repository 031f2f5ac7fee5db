/**
 * The flags every Chromium Kindly's tests and benchmarks start gets (beside the
 * headless mode each chooses): no sandbox (it runs as root here), no GPU, and
 * none of the browser's own traffic or updates, so that what it measures and
 * sees is Kindly's.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

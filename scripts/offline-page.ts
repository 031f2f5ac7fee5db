import { offlinePageHtml } from "../src/web/offline/offline-page.js";

// Prints offline.html (vite.config.ts's offlinePage plugin runs this: Vite's
// bundled config cannot load the message files translate.ts imports).
process.stdout.write(offlinePageHtml());

import { loadPrintKit, type PrintJob } from "../src/server/features/organizations/index.js";
import { PRINTED_LANGUAGES } from "../src/shared/i18n/languages.js";
import { percentile, row, timeAndMemory } from "./load.js";

// Issue 30: the print kit's PDFs, drawn as the server draws them on a
// download (fonts embedded and subset, vector codes), timed after a warm-up.

const RENDERS = 30;
const APP_URL = "https://kindly.example";

const { DESIGNS, printPalette } = await loadPrintKit();

const place: PrintJob = {
  paper: "letter",
  organizationName: "Café Olimpico ☕ 和平 — Montréal",
  name: "Salle Zoë, rez-de-chaussée",
  type: "virtual",
  radiusMeters: 100,
  languages: PRINTED_LANGUAGES,
  codes: [{ link: `${APP_URL}/c/Ab3dE6gH9k`, card: null }],
  logo: null,
  palette: await printPalette(null),
  actsHere: 137,
  printedAt: new Date(),
};
const cards = (count: number): PrintJob => ({
  ...place,
  name: "Passez au suivant",
  type: "portable",
  codes: Array.from({ length: count }, (_, i) => ({ link: `${APP_URL}/c/Ab3dE6gH9k-${i + 1}`, card: i + 1 })),
});

export async function printKitRender(): Promise<void> {
  console.log(`\nPrint kit: pdf-lib with embedded fonts and vector QR codes, ${RENDERS} renders of each after a warm-up`);
  // A logo as organisations upload them, once Kindly has made it a PNG of at most 1,024 px.
  const { default: sharp } = await import("sharp");
  place.logo = await sharp({ create: { width: 1024, height: 640, channels: 4, background: { r: 20, g: 120, b: 90, alpha: 1 } } })
    .png()
    .toBuffer();
  // The posters' colour comes from the logo: found once per download.
  place.palette = await printPalette(place.logo);
  const cases = [
    { label: "poster (Letter)", render: () => DESIGNS.poster(place), target: "≤ 500 ms" },
    { label: "bold poster (Letter)", render: () => DESIGNS["poster-bold"](place), target: "≤ 500 ms" },
    { label: "count poster (Letter)", render: () => DESIGNS["poster-count"](place), target: "≤ 500 ms" },
    { label: "card sheet (10 numbered cards, one page)", render: () => DESIGNS.cards(cards(10)), target: "≤ 500 ms" },
    { label: "card sheet (100 numbered cards, ten pages)", render: () => DESIGNS.cards(cards(100)), target: "(none)" },
  ];
  for (const { label, render, target } of cases) {
    await render(); // fonts read and parsed once per process
    const runs: { ms: number; megabytes: number }[] = [];
    for (let i = 0; i < RENDERS; i++) runs.push(await timeAndMemory(render));
    row(
      `${label}, render p95`,
      `${percentile(
        runs.map((r) => r.ms),
        95,
      ).toFixed(1)} ms`,
      target,
    );
    row(`${label}, memory per render (max)`, `${Math.max(...runs.map((r) => r.megabytes)).toFixed(1)} MB`, "(none)");
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printKitRender().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../test/source-files.js";

/*
 * Server features import each other downward only (docs/design.md, "Walls
 * and doors"): the features form a graph without a cycle. ESLint keeps every
 * import on a feature's door (index.ts); this test reads the imports of the
 * features' own code (tests may reach up) and looks for a cycle.
 */

const FEATURES_DIR = dirname(fileURLToPath(import.meta.url));
const features = readdirSync(FEATURES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Which features each feature's code imports (type-only imports included:
 * they couple too); with `readModels`, its reads of others' read models too.
 */
function featureGraph({ readModels = false } = {}): Map<string, Set<string>> {
  const graph = new Map(features.map((feature) => [feature, new Set<string>()]));
  for (const feature of features) {
    for (const file of sourceFiles(join(FEATURES_DIR, feature))) {
      for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*["'](\.[^"']+)["']/g)) {
        const landing = relative(FEATURES_DIR, resolve(dirname(file), specifier!));
        // A feature's read models are a leaf (eslint/walls.js: they import no feature): reading through them makes no import cycle.
        if (!readModels && /^[^/]+\/read-models\.js$/.test(landing)) continue;
        const target = landing.split("/")[0]!;
        if (target !== feature && graph.has(target)) graph.get(feature)!.add(target);
      }
    }
  }
  return graph;
}

/** The first cycle found, as the features along it (empty when there is none). */
function findCycle(graph: Map<string, Set<string>>): string[] {
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (feature: string): string[] => {
    if (state.get(feature) === "done") return [];
    if (state.get(feature) === "open") return [...path.slice(path.indexOf(feature)), feature];
    state.set(feature, "open");
    path.push(feature);
    for (const next of graph.get(feature)!) {
      const cycle = visit(next);
      if (cycle.length > 0) return cycle;
    }
    path.pop();
    state.set(feature, "done");
    return [];
  };
  for (const feature of features) {
    const cycle = visit(feature);
    if (cycle.length > 0) return cycle;
  }
  return [];
}

const SERVER_DIR = resolve(FEATURES_DIR, "..");

/**
 * The server's layers, from the ground up (docs/design.md): each imports
 * only those below it. A feature's SQL (features/<name>/sql/: the text of a
 * database function it owns, which the migrations install) is the schema's,
 * below everything, and imports nothing.
 */
const LAYERS = ["schema", "kernel", "platform", "http", "features", "composition"] as const;
const isFeatureSql = (path: string) => /^features\/[^/]+\/sql\//.test(path);
function layerOf(file: string): (typeof LAYERS)[number] {
  const path = relative(SERVER_DIR, file);
  if (isFeatureSql(path)) return "schema";
  if (path.startsWith("kernel/") || path === "config.ts") return "kernel";
  const top = path.split("/")[0]!;
  return top === "platform" || top === "http" || top === "features" ? top : "composition";
}

/** The imports in `source` (a file at `file`) that climb a layer, type-only imports included. */
function climbsIn(file: string, source: string): string[] {
  const from = layerOf(file);
  const found: string[] = [];
  for (const [, specifier] of source.matchAll(/(?:from|import\()\s*["'](\.[^"']+)["']/g)) {
    const target = resolve(dirname(file), specifier!).replace(/\.js$/, ".ts");
    if (!target.startsWith(SERVER_DIR + "/")) continue;
    const to = layerOf(target);
    if (LAYERS.indexOf(to) > LAYERS.indexOf(from))
      found.push(`${relative(SERVER_DIR, file)} (${from}) → ${relative(SERVER_DIR, target)} (${to})`);
  }
  return found;
}

/** Every import of the server's own code (tests aside) that climbs a layer. */
function upwardImports(): string[] {
  return sourceFiles(SERVER_DIR).flatMap((file) => climbsIn(file, readFileSync(file, "utf8")));
}

describe("the server's layers", () => {
  it("import downward only, type imports included: kernel → platform → http → features → composition", () => {
    expect(upwardImports()).toEqual([]);
  });

  it("would see a climb, a type import's too (the reader is not blind)", () => {
    const deps = join(SERVER_DIR, "http/deps.ts");
    expect(climbsIn(deps, 'import type { Notifier } from "../features/notifications/index.js";')).toEqual([
      "http/deps.ts (http) → features/notifications/index.ts (features)",
    ]);
    expect(climbsIn(join(SERVER_DIR, "kernel/app-error.ts"), 'import type { DB } from "../platform/db/schema.js";')).toHaveLength(1);
    expect(climbsIn(deps, 'import type { Kysely } from "kysely";\nimport type { Config } from "../config.js";')).toEqual([]);
  });
});

describe("the server's features", () => {
  it("each have a door", () => {
    const withoutDoor = features.filter((feature) => !readdirSync(join(FEATURES_DIR, feature)).includes("index.ts"));
    expect(withoutDoor).toEqual([]);
  });

  it("import each other downward only: no cycle", () => {
    expect(findCycle(featureGraph()).join(" → ")).toBe("");
  });

  it("read each other's read models in one direction only: no cycle, read models counted (issue 63 §3)", () => {
    const graph = featureGraph({ readModels: true });
    const mutual = [...graph].flatMap(([feature, reads]) =>
      [...reads].filter((other) => feature < other && graph.get(other)!.has(feature)).map((other) => `${feature} ↔ ${other}`),
    );
    // The figure the issue tracks: pairs of features each reading the other (5 when it was filed).
    console.log(
      `features reading each other (read models counted): ${mutual.length} pairs${mutual.length ? `: ${mutual.join(", ")}` : ""}`,
    );
    expect(mutual).toEqual([]);
    expect(findCycle(graph).join(" → ")).toBe("");
  });

  it("would see a cycle if one feature imported another that imports it", () => {
    const graph = featureGraph();
    const [lower, upper] = [...graph].flatMap(([feature, imports]) => [...imports].map((target) => [target, feature] as const))[0]!;
    graph.get(lower)!.add(upper);
    expect(findCycle(graph)).toEqual(expect.arrayContaining([lower, upper]));
  });
});

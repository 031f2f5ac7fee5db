import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Kindly's walls as one lint rule that reads where an import lands, not how
 * its path is spelt (issue 45 §3). `no-restricted-imports` matched path
 * patterns, so `../../features/x/x-repository.js`, a dynamic `import()` or a
 * deep import written in a feature's index.ts walked through. This rule
 * resolves every static import, re-export, dynamic `import()` and `require()`
 * to a file under src/ and checks the target against the importer's place:
 *
 * - a server feature reaches another only through its door (index.ts);
 * - no module of a server feature re-exports a repository's functions (a door
 *   hands out verbs its services write, issue 45 §2); only fixtures.ts does,
 *   and only tests, src/server/test/ and bench/ may import a fixtures.ts;
 * - a web feature never reaches into another web feature, nor the app shell;
 * - web lib/ and components/ know no feature and no app shell;
 * - the server's layers go downward only: kernel/ (errors, a request's
 *   language, who is asking) imports nothing of the server; platform/ imports
 *   no http/ and no feature; http/ imports no feature (bootstrap.ts composes
 *   AppDeps, issue 45 §3);
 * - the browser and the server never import each other; shared imports neither;
 * - everything outside src/server/features (app, bench, security, e2e…) uses a
 *   server feature only through its door.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const rel = (file) => path.relative(ROOT, file).split(path.sep).join("/");

/** The file an import specifier lands on, relative to the repository root (null for a package). */
function landing(importer, specifier) {
  if (typeof specifier !== "string" || !specifier.startsWith(".")) return null;
  return rel(path.resolve(path.dirname(importer), specifier)).replace(/\.js$/, "");
}

const serverFeature = (file) => /^src\/server\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
const webFeature = (file) => /^src\/web\/features\/([^/]+)\//.exec(file)?.[1] ?? null;
const isDoor = (file) => /^src\/server\/features\/[^/]+\/index$/.test(file);
/**
 * A feature's published read models (features/x/read-models.ts): queries of
 * its tables other features join instead of the tables. A leaf: it imports
 * only the schema and kysely, so any feature may import it without a cycle.
 */
const isReadModels = (file) => /^src\/server\/features\/[^/]+\/read-models$/.test(file);
/** A feature's direct writes for tests and the benchmark (features/x/fixtures.ts). */
const isFixtures = (file) => /^src\/server\/features\/[^/]+\/fixtures$/.test(file);
const isTestCode = (file) => /\.test$/.test(file) || file.startsWith("src/server/test/") || file.startsWith("bench/");

/** Why `importer` may not import `target` (both repository-relative, target without extension), or null. */
export function wallBetween(importer, target, { reexport = false } = {}) {
  const from = importer.replace(/\.(ts|tsx|js|mjs)$/, "");
  if (from.startsWith("src/shared/") && /^src\/(server|web)\//.test(target))
    return "Shared code stands alone: it imports neither the server nor the browser.";
  if (from.startsWith("src/web/") && target.startsWith("src/server/")) return "The browser never imports server code.";
  if (from.startsWith("src/server/") && target.startsWith("src/web/")) return "The server never imports browser code.";

  const fromServer = serverFeature(from);
  const toServer = serverFeature(target);
  if (from.startsWith("src/server/kernel/") && target.startsWith("src/server/") && !target.startsWith("src/server/kernel/"))
    return "The kernel is the ground: it imports nothing of the server above it (only shared/ and packages).";
  // The schema's history installs the SQL a feature owns (features/<name>/sql/: record_acts, the contest rule).
  const migrationInstallsFeatureSql =
    from.startsWith("src/server/platform/db/migrations/") && /^src\/server\/features\/[^/]+\/sql\/[^/]+$/.test(target);
  if (from.startsWith("src/server/platform/") && !/\.test$/.test(from) && !migrationInstallsFeatureSql) {
    if (target.startsWith("src/server/features/") || /^src\/server\/(app|bootstrap|main|feature-list)$/.test(target))
      return "Platform code knows no product feature; take what you need as a parameter (see bootstrap.ts).";
    if (target.startsWith("src/server/http/"))
      return "Platform code stands below http/: what both need is in kernel/ (errors, a request's language, who is asking).";
  }
  if (from.startsWith("src/server/http/") && !/\.test$/.test(from)) {
    if (target.startsWith("src/server/features/") || /^src\/server\/(app|bootstrap|main|feature-list)$/.test(target))
      return "http/ knows no product feature: a route plugin names the feature services it needs; bootstrap.ts composes AppDeps.";
  }
  if (isFixtures(target) && !isTestCode(from))
    return "A feature's fixtures.ts (writes without a request's checks) is for tests and the benchmark only; product code uses the door's verbs.";
  if (
    toServer &&
    fromServer !== toServer &&
    !isDoor(target) &&
    !isFixtures(target) &&
    !isReadModels(target) &&
    !migrationInstallsFeatureSql
  )
    return "Server features meet through their door: import from the feature's index.js (what it offers others) or read-models.js (what it lets others read), never its other files.";
  if (isReadModels(from) && (target.startsWith("src/server/features/") || target.startsWith("src/server/http/")) && !/\.test$/.test(from))
    return "A feature's read-models.ts is a leaf (any feature may import it): it imports only the schema, never a feature or http/.";
  if (reexport && /-repository$/.test(target) && !isFixtures(from))
    return "A feature's door offers its services, never its repositories: write a verb in the service instead of re-exporting a query.";
  if (isDoor(from) && /-repository$/.test(target) && serverFeature(target) === fromServer)
    return "A feature's door offers its services, never its repositories.";

  const fromWeb = webFeature(from);
  const toWeb = webFeature(target);
  if (fromWeb && toWeb && fromWeb !== toWeb)
    return "A feature does not import another feature's internals; move what both need to lib/ or components/.";
  if (fromWeb && target.startsWith("src/web/app/"))
    return "Features do not import the app shell; move what you need to lib/ or components/.";
  if (/^src\/web\/(lib|components)\//.test(from) && (toWeb || target.startsWith("src/web/app/")))
    return "lib/ and components/ know no feature and no app shell.";
  return null;
}

export default {
  meta: { type: "problem", docs: { description: "Kindly's walls between layers and features, by where an import lands" }, schema: [] },
  create(context) {
    const importer = rel(context.filename);
    const check = (node, source, reexport = false) => {
      if (!source || source.type !== "Literal") return;
      const target = landing(context.filename, source.value);
      if (!target) return;
      const why = wallBetween(importer, target, { reexport });
      if (why) context.report({ node: source, message: why });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind !== "type"),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind !== "type"),
      ImportExpression: (node) => check(node, node.source),
      "CallExpression[callee.name='require']": (node) => check(node, node.arguments[0]),
      // `vi.mock("../x/x-repository.js")` and friends name a module too.
      "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock|importActual)$/]": (node) =>
        check(node, node.arguments[0]),
    };
  },
};

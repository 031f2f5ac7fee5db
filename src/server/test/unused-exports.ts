import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/*
 * Exported values nobody uses (issue 63 §7): read from the imports of every
 * TypeScript file of the repository, the tests included (a helper only a test
 * calls is in use). A file's export counts as used when another file imports
 * it by name, reads it through a namespace import (`repo.readX`), or when its
 * own file refers to it. Types are left out: exporting a type costs nothing
 * at run time and documents a function's signature.
 *
 * What a static reading cannot follow counts as using every export: a module
 * imported for its effects, a namespace passed on whole, `export *`, a
 * dynamic `import()` whose names are not destructured where it is awaited,
 * and `typeof import(…)` (a built bundle typed as its source).
 */

const ROOTS = ["src", "e2e", "bench", "scripts", "security"];

function typescriptFiles(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : typescriptFiles(file);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !/\.d\.m?ts$/.test(entry.name) ? [file] : [];
  });
}

/** The file a relative specifier lands on (`./x.js` is `./x.ts` or `./x.tsx` in the sources), or null for a package. */
function resolveSpecifier(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const base = path.normalize(path.join(path.dirname(from), specifier));
  const candidates = [base.replace(/\.js$/, ".ts"), base.replace(/\.js$/, ".tsx"), base.replace(/\.mjs$/, ".mts"), base, `${base}.ts`];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

const isExported = (statement: ts.Statement) =>
  ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isDefault = (statement: ts.Statement) =>
  ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);

/** The names of a file's exported values (functions, classes, enums, constants; default exports are an entry point's). */
function exportedValues(source: ts.SourceFile): string[] {
  return source.statements
    .filter((statement) => isExported(statement) && !isDefault(statement))
    .flatMap((statement) => {
      if (ts.isVariableStatement(statement)) {
        return statement.declarationList.declarations.flatMap((declaration) =>
          ts.isIdentifier(declaration.name) ? [declaration.name.text] : [],
        );
      }
      if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) && statement.name) {
        return [statement.name.text];
      }
      return [];
    });
}

/** The expression a dynamic import's value is given to, past `await` and parentheses. */
function receiverOf(node: ts.Node): ts.Node {
  let parent = node.parent;
  while (ts.isAwaitExpression(parent) || ts.isParenthesizedExpression(parent) || ts.isAsExpression(parent)) parent = parent.parent;
  return parent;
}

/** Every exported value of the repository that nobody uses, as `file: name`. */
export function unusedExports(root = process.cwd()): string[] {
  const files = ROOTS.flatMap((folder) => typescriptFiles(path.join(root, folder)));
  const usedNames = new Map<string, Set<string>>();
  const usedWhole = new Set<string>();
  const use = (file: string, name: string) => usedNames.set(file, (usedNames.get(file) ?? new Set()).add(name));
  const exported = new Map<string, string[]>();

  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const namespaces = new Map<string, string>();
    const values = exportedValues(source);
    const ownReferences = new Map<string, number>();

    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        const target = resolveSpecifier(file, node.moduleSpecifier.text);
        if (target && ts.isImportDeclaration(node)) {
          const bindings = node.importClause?.namedBindings;
          if (!node.importClause) usedWhole.add(target);
          else if (bindings && ts.isNamespaceImport(bindings)) namespaces.set(bindings.name.text, target);
          else if (bindings && ts.isNamedImports(bindings)) bindings.elements.forEach((e) => use(target, (e.propertyName ?? e.name).text));
        } else if (target && ts.isExportDeclaration(node)) {
          const clause = node.exportClause;
          if (clause && ts.isNamedExports(clause)) clause.elements.forEach((e) => use(target, (e.propertyName ?? e.name).text));
          else usedWhole.add(target);
        }
      }
      if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const [argument] = node.arguments;
        const target = argument && ts.isStringLiteral(argument) ? resolveSpecifier(file, argument.text) : null;
        const receiver = receiverOf(node);
        if (target && ts.isVariableDeclaration(receiver) && ts.isObjectBindingPattern(receiver.name)) {
          for (const element of receiver.name.elements) {
            const name = element.propertyName ?? element.name;
            if (ts.isIdentifier(name)) use(target, name.text);
          }
        } else if (target) usedWhole.add(target);
      }
      // `typeof import("./x.js")`: a module loaded by another path (a built bundle) typed as its source.
      if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        const target = resolveSpecifier(file, node.argument.literal.text);
        if (target) usedWhole.add(target);
      }
      if (ts.isIdentifier(node) && values.includes(node.text)) ownReferences.set(node.text, (ownReferences.get(node.text) ?? 0) + 1);
      ts.forEachChild(node, visit);
    };
    visit(source);

    // What the file reads from each namespace import; a namespace handed on whole uses everything.
    const readNamespaces = (node: ts.Node): void => {
      if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text)) {
        use(namespaces.get(node.expression.text)!, node.name.text);
        return;
      }
      if (ts.isIdentifier(node) && namespaces.has(node.text) && !ts.isNamespaceImport(node.parent))
        usedWhole.add(namespaces.get(node.text)!);
      ts.forEachChild(node, readNamespaces);
    };
    if (namespaces.size > 0) readNamespaces(source);

    // Its declaration is one reference: a second is a use inside its own file.
    exported.set(
      file,
      values.filter((name) => (ownReferences.get(name) ?? 0) < 2),
    );
  }

  return [...exported].flatMap(([file, names]) =>
    usedWhole.has(file)
      ? []
      : names.filter((name) => !usedNames.get(file)?.has(name)).map((name) => `${path.relative(root, file)}: ${name}`),
  );
}

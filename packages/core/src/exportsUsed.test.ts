import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Core holds each rule once for the packages that apply it: an export no other package imports is
// a rule nobody applies (or one applied by a copy elsewhere). Core's own tests do not count; what
// a module of core needs from another is imported from that module, not from the package's entry.

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(here, '..', '..');
const entries: Record<string, string> = {
  '@pasarela/core': 'index.ts',
  '@pasarela/core/phone': 'phone.ts',
  '@pasarela/core/translator': 'i18n/translator.ts',
};

const parse = (file: string, text = readFileSync(file, 'utf8')) => ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

/** The names a core module exports, following `export *` and `export { … } from`. */
function exportedNames(file: string): string[] {
  const names: string[] = [];
  for (const node of parse(file).statements) {
    if (ts.isExportDeclaration(node)) {
      const from = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
      if (!node.exportClause && from) names.push(...exportedNames(join(dirname(file), `${from}.ts`)));
      else if (node.exportClause && ts.isNamedExports(node.exportClause)) names.push(...node.exportClause.elements.map((e) => e.name.text));
    } else if (hasExport(node)) {
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) names.push(d.name.text);
      } else if ('name' in node && node.name && ts.isIdentifier(node.name as ts.Node)) {
        names.push((node.name as ts.Identifier).text);
      }
    }
  }
  return names;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });

/** Every name another package's product code takes from a core entry: named imports and
 * re-exports (types too), and the properties read off a dynamically imported entry. */
function namesImportedOutsideCore(files: { path: string; text: string }[]): Map<string, Set<string>> {
  const used = new Map<string, Set<string>>(Object.keys(entries).map((e) => [e, new Set<string>()]));
  for (const file of files) {
    const source = parse(file.path, file.text);
    const visit = (node: ts.Node): void => {
      const spec = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
      const names = spec ? used.get(spec) : undefined;
      if (names && ts.isImportDeclaration(node)) {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) names.add((e.propertyName ?? e.name).text);
        if (bindings && ts.isNamespaceImport(bindings)) for (const n of propertiesReadIn(source)) names.add(n);
      } else if (names && ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements) names.add((e.propertyName ?? e.name).text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        const arg = node.arguments[0];
        const dynamic = arg && ts.isStringLiteral(arg) ? used.get(arg.text) : undefined;
        if (dynamic) for (const n of propertiesReadIn(source)) dynamic.add(n);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

/** A module's entry read as an object (`import * as x`, `await import(…)`): each `.name` read in the file. */
function propertiesReadIn(source: ts.SourceFile): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** The other packages' sources (their src/, not what a build wrote), those that name core at all. */
const otherPackagesFiles = () =>
  readdirSync(packagesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'core' && existsSync(join(packagesDir, d.name, 'src')))
    .flatMap((d) => sourceFiles(join(packagesDir, d.name, 'src')))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }))
    .filter((file) => file.text.includes('@pasarela/core'));

describe('every core export is used by another package', () => {
  it('names no export that no other package imports', () => {
    const used = namesImportedOutsideCore(otherPackagesFiles());
    const unused = Object.entries(entries).flatMap(([entry, file]) =>
      [...new Set(exportedNames(join(here, file)))].filter((n) => !used.get(entry)?.has(n)).map((n) => `${entry}: ${n}`),
    );
    expect(unused).toEqual([]);
  });

  it('sees the kinds of use the other packages make (so the check above cannot pass by finding nothing)', () => {
    const used = namesImportedOutsideCore([
      { path: 'a.ts', text: "import { roundAmount, type Money as M } from '@pasarela/core';\nexport type { Envelope } from '@pasarela/core';" },
      { path: 'b.ts', text: "import { other } from '@pasarela/checkout';\nconst phone = await import('@pasarela/core/phone');\nphone.phoneErrorKey('1');" },
    ]);
    expect([...(used.get('@pasarela/core') ?? [])].sort()).toEqual(['Envelope', 'Money', 'roundAmount']);
    expect([...(used.get('@pasarela/core/phone') ?? [])]).toContain('phoneErrorKey');
  });
});

import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// Core holds each rule once for the packages that apply it. An export of any core module that no
// other non-test module imports (another package through an entry, or another module of core) is
// dead: a rule nobody applies, kept alive only by its own tests. Tests do not count as users.

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = join(here, '..', '..');
const entries: Record<string, string> = {
  '@pasarela/core': join(here, 'index.ts'),
  '@pasarela/core/phone': join(here, 'phone.ts'),
  '@pasarela/core/translator': join(here, 'i18n/translator.ts'),
};

type File = { path: string; text: string };
const parse = (file: File) => ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, false);
const hasExport = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isTest = (path: string) => /\.test\.tsx?$/.test(path);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(d.name) && !d.name.endsWith('.d.ts') ? [path] : [];
  });

/** A relative import's file, when it is a source file of core. */
function resolveRelative(from: string, spec: string, known: Set<string>): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = join(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => known.has(p));
}

/** `.name` read anywhere in a file: what a namespace or dynamic import takes from a module. */
function propertiesReadIn(source: ts.SourceFile): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node)) names.push(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

type Module = {
  /** names declared here and exported */
  own: Set<string>;
  /** exported name -> [module, name there] for `export { a as b } from './x'` */
  reexports: Map<string, [string, string]>;
};

/** What each core module exports, and which of those names each module takes from which. */
function readModule(file: File, known: Set<string>): Module {
  const own = new Set<string>();
  const reexports = new Map<string, [string, string]>();
  for (const node of parse(file).statements) {
    if (ts.isExportDeclaration(node) && node.exportClause && ts.isNamedExports(node.exportClause)) {
      const spec = node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
      const target = spec ? resolveRelative(file.path, spec, known) : undefined;
      for (const e of node.exportClause.elements) {
        if (target) reexports.set(e.name.text, [target, (e.propertyName ?? e.name).text]);
        else own.add(e.name.text);
      }
    } else if (ts.isExportDeclaration(node)) {
      throw new Error(`${file.path}: name what is re-exported (no export *)`);
    } else if (hasExport(node)) {
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) if (ts.isIdentifier(d.name)) own.add(d.name.text);
      } else if ('name' in node && node.name && ts.isIdentifier(node.name as ts.Node)) {
        own.add((node.name as ts.Identifier).text);
      }
    }
  }
  return { own, reexports };
}

/** Each `module#name` a file imports: from a core entry (another package) or a core module (core). */
function importsOf(file: File, known: Set<string>): string[] {
  const source = parse(file);
  const out: string[] = [];
  const target = (spec: string) => entries[spec] ?? resolveRelative(file.path, spec, known);
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const to = target(node.moduleSpecifier.text);
      const bindings = node.importClause?.namedBindings;
      if (to && bindings && ts.isNamedImports(bindings)) for (const e of bindings.elements) out.push(`${to}#${(e.propertyName ?? e.name).text}`);
      if (to && bindings && ts.isNamespaceImport(bindings)) for (const n of propertiesReadIn(source)) out.push(`${to}#${n}`);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && entries[node.moduleSpecifier.text]) {
      // another package re-exporting core's names (a public API passing them on) uses them
      if (node.exportClause && ts.isNamedExports(node.exportClause)) {
        for (const e of node.exportClause.elements) out.push(`${entries[node.moduleSpecifier.text]}#${(e.propertyName ?? e.name).text}`);
      }
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      const to = arg && ts.isStringLiteral(arg) ? target(arg.text) : undefined;
      if (to) for (const n of propertiesReadIn(source)) out.push(`${to}#${n}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** The exports of core's modules that no non-test module uses, as `path: name`. */
function deadExports(coreFiles: File[], otherFiles: File[]): string[] {
  const known = new Set(coreFiles.map((f) => f.path));
  const modules = new Map(coreFiles.map((f) => [f.path, readModule(f, known)]));
  const used = new Set<string>();
  for (const file of [...coreFiles, ...otherFiles]) for (const key of importsOf(file, known)) used.add(key);
  // a re-export is used when its own name is: follow it to the module that declares the name
  for (let grew = true; grew; ) {
    grew = false;
    for (const [path, mod] of modules) {
      for (const [name, [to, there]] of mod.reexports) {
        const key = `${to}#${there}`;
        if (used.has(`${path}#${name}`) && !used.has(key)) {
          used.add(key);
          grew = true;
        }
      }
    }
  }
  return [...modules].flatMap(([path, mod]) =>
    [...mod.own, ...mod.reexports.keys()].filter((n) => !used.has(`${path}#${n}`)).map((n) => `${relative(here, path)}: ${n}`),
  );
}

const read = (path: string): File => ({ path, text: readFileSync(path, 'utf8') });
const coreModules = () => sourceFiles(here).filter((p) => !isTest(p)).map(read);
/** The other packages' sources (their src/, not what a build wrote), those that name core at all. */
const otherPackagesFiles = () =>
  readdirSync(packagesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && d.name !== 'core' && existsSync(join(packagesDir, d.name, 'src')))
    .flatMap((d) => sourceFiles(join(packagesDir, d.name, 'src')))
    .filter((p) => !isTest(p))
    .map(read)
    .filter((file) => file.text.includes('@pasarela/core'));

describe('every export of every core module is used outside tests', () => {
  it('names no export that no other non-test module imports', () => {
    expect(deadExports(coreModules(), otherPackagesFiles())).toEqual([]);
  });

  it('sees every kind of use (so the check above cannot pass by finding nothing)', () => {
    const at = (name: string) => join(here, name);
    const core: File[] = [
      { path: at('index.ts'), text: "export { roundAmount, MAX as LIMIT } from './money';\nexport type { Money } from './money';" },
      { path: at('money.ts'), text: 'export const roundAmount = 1; export const MAX = 2; export type Money = number; export function unused() {}\nexport const byCore = 3;' },
      { path: at('phone.ts'), text: 'export function phoneErrorKey() {}\nexport const notReadAnywhere = 1;' },
      { path: at('cash.ts'), text: "import { byCore } from './money';\nexport const cashOnly = byCore;" },
      { path: at('cash.test.ts'), text: "import { cashOnly } from './cash';" },
    ];
    const others: File[] = [
      { path: 'a.ts', text: "import { roundAmount, type LIMIT as L } from '@pasarela/core';\nexport type { Money } from '@pasarela/core';" },
      { path: 'b.ts', text: "const phone = await import('@pasarela/core/phone');\nphone.phoneErrorKey('1');" },
    ];
    expect(deadExports(core.filter((f) => !isTest(f.path)), others).sort()).toEqual(['cash.ts: cashOnly', 'money.ts: unused', 'phone.ts: notReadAnywhere']);
  });
});

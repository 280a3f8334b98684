import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

// The widget's first load is budgeted at 60 KB gzip: libphonenumber-js (~30 KB) must stay behind
// the lazily loaded '@pasarela/core/phone' entry and never be reachable from index.ts.

const here = dirname(fileURLToPath(import.meta.url));
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/gm)]
    .filter((m) => !/^\s*(?:import|export)\s+type\s/.test(m[0]))
    .map((m) => m[1] ?? '');

function reachableFrom(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) seen.add(`package:${spec}`);
      else {
        const path = join(dirname(file), spec).replace(/\.ts$/, '');
        // A folder's import reaches its index.ts.
        queue.push(existsSync(`${path}.ts`) ? `${path}.ts` : join(path, 'index.ts'));
      }
    }
  }
  return seen;
}

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? sourceFiles(join(dir, d.name)) : d.name.endsWith('.ts') && !d.name.endsWith('.test.ts') ? [join(dir, d.name)] : [],
  );

describe('package boundaries', () => {
  it('index.ts reaches neither phone.ts nor libphonenumber-js, and only valibot among packages', () => {
    const reached = [...reachableFrom(join(here, 'index.ts'))].map((f) => (f.startsWith('package:') ? f : relative(here, f)));
    expect(reached).not.toContain('phone.ts');
    expect(reached.filter((f) => f.startsWith('package:'))).toEqual(['package:valibot']);
  });

  it('i18next is imported by the translator entry (i18n/translator.ts) only, which index.ts does not reach', () => {
    const importers = sourceFiles(here).filter((f) => importsOf(f).some((s) => s === 'i18next'));
    expect(importers.map((f) => relative(here, f))).toEqual(['i18n/translator.ts']);
    expect([...reachableFrom(join(here, 'index.ts'))].map((f) => relative(here, f))).not.toContain('i18n/translator.ts');
  });

  it('libphonenumber-js is imported by phone.ts only', () => {
    const importers = sourceFiles(here).filter((f) => importsOf(f).some((s) => s.startsWith('libphonenumber-js')));
    expect(importers.map((f) => relative(here, f))).toEqual(['phone.ts']);
  });

  // An import circle (type-only imports included: they still tie two modules' declarations
  // together) makes the load order matter and the modules impossible to read apart.
  it('no module of core imports itself back through others (type imports included)', () => {
    const allImports = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)].map((m) =>
        `${join(dirname(file), m[1] ?? '')}.ts`.replace(/\.ts\.ts$/, '.ts'),
      );
    const files = sourceFiles(here);
    const graph = new Map(files.map((f) => [f, allImports(f).map((i) => (files.includes(i) ? i : join(i.replace(/\.ts$/, ''), 'index.ts')))]));
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(here, f)).join(' -> '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const f of files) visit(f, []);
    expect([...new Set(circles)]).toEqual([]);
  });
});

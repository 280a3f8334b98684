import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
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
      if (spec.startsWith('.')) queue.push(`${join(dirname(file), spec)}.ts`.replace(/\.ts\.ts$/, '.ts'));
      else seen.add(`package:${spec}`);
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

  it('libphonenumber-js is imported by phone.ts only', () => {
    const importers = sourceFiles(here).filter((f) => importsOf(f).some((s) => s.startsWith('libphonenumber-js')));
    expect(importers.map((f) => relative(here, f))).toEqual(['phone.ts']);
  });
});

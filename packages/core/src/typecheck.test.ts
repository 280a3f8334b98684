import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

// The types tests (packages/*/src/types.test.ts[x]) assert with expectTypeOf and @ts-expect-error,
// which do nothing at run time: they fail only when the typecheck compiles them. These tests fail
// when `npm test` (and so CI, `.ci/run`) would stop compiling one of them.

const root = fileURLToPath(new URL('../../../', import.meta.url));

const typesTests = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((d) =>
    d.name === 'node_modules' || d.name === 'dist'
      ? []
      : d.isDirectory()
        ? typesTests(join(dir, d.name))
        : /^types\.test\.tsx?$/.test(d.name)
          ? [join(dir, d.name)]
          : [],
  );

describe('the types tests run in CI', () => {
  it('tsconfig.json compiles every types.test.ts(x) of the packages', () => {
    const found = typesTests(join(root, 'packages')).map((f) => relative(root, f)).sort();
    expect(found.length).toBeGreaterThanOrEqual(3);
    const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    const compiled = new Set((parsed?.fileNames ?? []).map((f) => relative(root, f)));
    expect(found.filter((f) => !compiled.has(f))).toEqual([]);
    expect(parsed?.options.noEmit).toBe(true);
  });

  it('npm test typechecks with that tsconfig.json, and CI runs npm test', () => {
    const testScript = readFileSync(join(root, 'scripts/test.mjs'), 'utf8');
    // a 'typecheck' step running tsc on tsconfig.json, however the steps are arranged
    expect(testScript).toMatch(/'typecheck',\s*\['node_modules\/typescript7\/bin\/tsc', '--noEmit', '-p', 'tsconfig\.json'\]/);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.test).toBe('node scripts/test.mjs');
    expect(readFileSync(join(root, '.ci/run'), 'utf8')).toMatch(/^CI=1 npm test$/m);
  });
});

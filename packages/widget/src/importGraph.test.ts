// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../../scripts/import-graph.mjs';

const packages = fileURLToPath(new URL('../../', import.meta.url));
const widget = path.join(packages, 'widget/src');

// The widget's layers, top to bottom: the entries (main.tsx in the browser; prerender.tsx, with which the sandbox renders the first screen) and the router (app/: the route table,
// App, prerender, start-up), the screens (checkout/, methods/, pages/, receipts/, wallet/), and the
// parts every screen uses (services/, ui/, api/, i18n/, payments/, ...). A screen never imports the
// router; nothing imports its own importer.
/**
 * The method rooms: a method folder (methods/<id>/) imports no other method's folder, and no shared
 * room (every other folder) imports a method folder, but through two doors: the method list
 * (methods/index.ts, which the checkout reads) and the route table's lazy import of a method's own
 * route module (app/routes.ts: the Clave return is a route of its own). What a shared room needs
 * from a method lives in the shared room (payments/), or the method registers it on its MethodModule.
 * Source files only: a shared room's test may use a real method as its fixture.
 */
const REGISTRY = 'methods/index.ts';
const ROUTE_TABLE = 'app/routes.ts';
const methodOf = (relative: string) => /^methods\/([^/]+)\//.exec(relative)?.[1] ?? null;

/** Each import that crosses into a method's folder other than through those doors, as "importer -> imported". */
function methodRoomLeaks(graph: ReadonlyMap<string, readonly string[]>, root: string, lazyImports: (file: string) => readonly string[]): string[] {
  return [...graph].flatMap(([file, targets]) => {
    const from = path.relative(root, file);
    return targets
      .filter((target) => {
        const owner = methodOf(path.relative(root, target));
        if (owner === null || owner === methodOf(from) || from === REGISTRY) return false;
        return !(from === ROUTE_TABLE && lazyImports(file).includes(target));
      })
      .map((target) => `${from} -> ${path.relative(root, target)}`);
  });
}

/** The files a source file imports with import('...'), resolved as the import graph resolves them. */
function lazyImportsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(/import\(\s*'(\.[^']+)'\s*\)/g)].flatMap(([, specifier]) => {
    const base = path.resolve(path.dirname(file), specifier ?? '');
    return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  });
}

describe('import graph', () => {
  it.each(['widget', 'core', 'checkout', 'react', 'console'])('%s has no import circle', (name) => {
    expect(importCircles(path.join(packages, name, 'src'))).toEqual([]);
  });

  it('only the entries (main.tsx and the server entry prerender.tsx) import the router (app/), which sits above every screen and the parts they share', () => {
    const app = path.join(widget, 'app') + path.sep;
    const importersOfApp = [...importGraph(widget)]
      .filter(([file, targets]) => !file.startsWith(app) && targets.some((target) => target.startsWith(app)))
      .map(([file]) => path.relative(widget, file));
    expect(importersOfApp).toEqual(['main.tsx', 'prerender.tsx']);
  });

  it('finds a circle when there is one (the check can fail)', () => {
    const fixture = fileURLToPath(new URL('../../../scripts/fixtures/import-circle', import.meta.url));
    expect(importCircles(fixture)).toEqual([['a.ts', 'b.ts']]);
  });

  it('no shared room imports a method folder (but the method list and the route table\'s lazy route modules), and no method imports another\'s', () => {
    expect(methodRoomLeaks(importGraph(widget), widget, lazyImportsOf)).toEqual([]);
  });

  it('finds a method room leak when there is one (the check can fail)', () => {
    const at = (relative: string) => path.join(widget, relative);
    const graph = new Map([
      [at('receipts/ReceiptScreen.tsx'), [at('methods/cash/config.ts'), at('payments/cashNetworks.ts')]],
      [at('methods/cash/store.ts'), [at('methods/card/format.ts'), at('methods/cash/config.ts')]],
      [at(REGISTRY), [at('methods/card/index.ts')]],
      [at(ROUTE_TABLE), [at('methods/clave/returnModule.tsx'), at('methods/clave/store.ts')]],
    ]);
    expect(methodRoomLeaks(graph, widget, () => [at('methods/clave/returnModule.tsx')])).toEqual([
      'receipts/ReceiptScreen.tsx -> methods/cash/config.ts',
      'methods/cash/store.ts -> methods/card/format.ts',
      'app/routes.ts -> methods/clave/store.ts',
    ]);
  });
});

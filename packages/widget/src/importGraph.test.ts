// @vitest-environment node
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
});

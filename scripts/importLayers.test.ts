import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { derivedLayerOrder, layerOrderBreaks } from './import-graph.mjs';

const packagesDir = fileURLToPath(new URL('../packages/', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/import-layers', import.meta.url));

describe('layer order', () => {
  // Rooms are a package's top-level folders (its top-level files one room, '.'); test code is left out.
  it('every package whose src/ has more than one room states their order (src/importLayers.test.ts)', () => {
    const unordered = fs.readdirSync(packagesDir).filter((name) => {
      const src = path.join(packagesDir, name, 'src');
      if (!fs.existsSync(src)) return false;
      const { order, circle } = derivedLayerOrder(src);
      return order.length + circle.length > 1 && !fs.existsSync(path.join(src, 'importLayers.test.ts'));
    });
    expect(unordered).toEqual([]);
  });

  it('finds an import into a room above, a room left out and a name that is no room (the check can fail)', () => {
    expect(layerOrderBreaks(fixture, ['top', 'bottom'])).toEqual(['bottom/up.ts -> top/a.ts: bottom imports top, above it']);
    expect(layerOrderBreaks(fixture, ['top', 'middle'])).toEqual(['bottom: a room the order leaves out', 'middle: in the order, but no room of fixtures/import-layers']);
  });

  it('derives no order for rooms that import each other', () => {
    expect(derivedLayerOrder(fixture)).toEqual({ order: [], circle: ['bottom', 'top'] });
  });
});

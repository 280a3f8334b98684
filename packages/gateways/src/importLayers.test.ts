import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { layerOrderBreaks } from '../../../scripts/import-graph.mjs';

/**
 * The gateways package's rooms, top to bottom (scripts/import-graph.mjs): the command line, the
 * public surface, the contract kit, and the ports ('.', the other top-level files).
 */
const GATEWAYS_LAYERS = ['bin.ts', 'cli.ts', 'index.ts', 'kit', '.'];

it('each room imports only the rooms below it, and every room is in the order', () => {
  expect(layerOrderBreaks(fileURLToPath(new URL('.', import.meta.url)), GATEWAYS_LAYERS)).toEqual([]);
});

// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { layerOrderBreaks } from '../../../scripts/import-graph.mjs';

/**
 * The console's rooms, top to bottom (scripts/import-graph.mjs): start-up, the live updates, the
 * screens, the catalogues, the stores, the pure logic, the admin API's client.
 */
const CONSOLE_LAYERS = ['main.tsx', 'live', 'ui', 'i18n', 'store', 'logic', 'api'];

it('each room imports only the rooms below it, and every room is in the order', () => {
  expect(layerOrderBreaks(fileURLToPath(new URL('.', import.meta.url)), CONSOLE_LAYERS)).toEqual([]);
});
